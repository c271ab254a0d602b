"""Many positions in one run: ``foolsolve batch IN.jsonl --out OUT.jsonl`` and ``foolsolve
solve A.json B.json ...``.

Input is JSON Lines: each non-blank line is a position object or the path of a position file
(bare or as a JSON string). Output is JSON Lines, one record per input line in input order::

    {"line": 3, "cached": false, "result": {...SolveResult.to_json()...}}
    {"line": 4, "path": "b.json", "error": "hands[0][1]: duplicate card 6H", "kind": "input"}
    {"line": 5, "cached": false, "seat": {...SeatAnswer.to_json()...}}

A view line (``"view": P``, hidden cards) gets the answer ``foolsolve VIEW.json --json`` gives
from P's seat (:mod:`foolsolve.seat`; ``--method``, ``--samples``, ``--seed``, ``--time``,
``--max-nodes`` a world), computed on one worker and, without ``--time``, stored
(:func:`foolsolve.store.seat_key`); where the game's exact solver answers from P's seat
(:mod:`foolsolve.seat_exact`: a Three Fools round about to be led) and neither ``--method`` nor
``--samples`` is given, that solver's ``result`` on one world of the view, stored as that world's.
A line asking what an earlier line of the run asked gets that line's answer (``same_as``), solved
once.

A bad line gives its one-line error (cut as a single file's is) and the batch goes on. Each
result is written whole and flushed as soon as every line before it is done (Ctrl-C cannot cut
a line: it is held off during the write; on Ctrl-C the finished records of later lines follow,
in line order with gaps); each solved result goes into the result store the moment it comes
back, in any order, so a batch stopped at any point (Ctrl-C, a kill, a crash) and run again
reads everything finished from the store and solves only the rest (but for the answers not
stored: ``UNSTORED_*``, which the interrupt message names).

The positions are solved by :mod:`foolsolve.executor`: in this process, on ``--workers N``
local processes or on a Dask cluster (``--scheduler tcp://HOST:PORT``).
"""

from __future__ import annotations

import contextlib
import json
import numbers
import os
import re
import stat
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import IO, Any

import click

from foolsolve import jsonout
from foolsolve.cli import (
    NODES,
    SAMPLES,
    WORKERS,
    Choice,
    OutputFile,
    Whole,
    limit_options,
    one_line,
    open_store,
    store_options,
    workers_help,
)
from foolsolve.errors import (
    InputError,
    LimitError,
    Stopped,
    option_name,
    option_names,
    out_of_memory,
    quoted,
    refused_memory,
    solver_options_named,
)
from foolsolve.executor import SigintHeld
from foolsolve.positions import (
    LINES_FROM_STDIN,
    MAX_PATH_CHARS,
    STDIO,
    check_file_name,
    count_lines,
    cut_text,
    game_of,
    input_lines,
    open_for_writing,
    open_input,
    parse_json,
    read_json,
    reads_stdin,
    same_file,
    writes_over,
)
from foolsolve.textout import ascii_option


@dataclass
class Job:
    """One input line, parsed in this process (the store is read here too)."""

    line: int
    path: str | None = None
    game: str = ""
    position: str = ""
    """The canonical position JSON (what a worker solves and what the store is keyed by)."""
    key: str | None = None
    """The store key of the line's exact answer (:func:`foolsolve.store.position_key`, a single solve's
    key of the same position and options); ``None``: not stored."""
    keyed: tuple[str, str] = ("", "")
    """The position and options JSON the store holds beside ``key`` (:func:`foolsolve.store.position_key`)."""
    options: str = "{}"
    """The canonical solver options (``-o KEY=VALUE``) JSON."""
    max_nodes: int | None = None
    time_limit: float | None = None
    max_memory: int | None = None
    record: dict[str, Any] | None = field(default=None, repr=False)
    """Set when the line needs no solve: a stored result or an error."""
    seat: Any = None
    """A view line: the seat analysis' :class:`foolsolve.seat.Settings` (:meth:`Settings.seat_settings`); ``position`` is
    then the view's canonical JSON."""
    from_seat: int | None = None
    """A view line the game's exact solver answers from its player's seat (:mod:`foolsolve.seat_exact`):
    that player; ``position`` is then one world of the view and ``options`` the solver's options."""
    for_player: int | None = None
    one_world: int | None = None
    """A view line with exactly one consistent world (answered as that world's full position, as
    ``foolsolve VIEW.json``): the view's player, whom the result's method names; ``position`` is then
    that world."""
    """A view line of a finished game: the view's player, whose result the answer of ``position`` (a
    world of the view) states (:func:`foolsolve.cli.finished_for_seat`), as ``foolsolve VIEW.json``."""
    unapplied: tuple[str, ...] = ()
    """The notes of the batch's options a line's exact answer does not read, added to its result by
    :func:`_record`, as ``foolsolve POSITION.json`` notes them: a view line the game's exact solver
    answers ``--seed`` and ``--max-memory`` (:func:`foolsolve.seat_exact.unapplied_notes`), a full
    position ``--max-memory`` where that solver keeps no transposition table
    (:func:`foolsolve.solver.open_hand.memory_note`) and the seat options (``--method``, ``--samples``,
    ``--seed``: its answer from the mover's seat, where the solver refuses it, reads them)."""
    moot: str | None = None
    """The note naming the rule options the line's position or view sets that cannot change play there
    (:func:`foolsolve.present.moot_rules`), added last to its answer's notes (a result's or a seat
    answer's) by :func:`_record`, as ``foolsolve POSITION.json`` adds it; ``None``: there are none."""
    seat_key: str | None = None
    """The store key of the line's seat answer (:func:`foolsolve.store.seat_key`): a view line's, or a
    full position's answer from the mover's seat (``fallback``); ``None``: not stored (a game without
    a solver version). Under ``--time`` it is read, not written."""
    seat_options: str = "{}"
    """The seat's settings as the store keys them (:func:`foolsolve.store.seat_settings_json`)."""
    same_as: int | None = None
    """A line whose position (and what it is asked) is that of an earlier line of the run still
    being answered: that line's index; its record is that line's answer (:func:`_run`)."""
    same_line: int | None = None
    """The input line number of that earlier line (the record's ``same_as``)."""
    fallback: Any = None
    """A full position: the seat analysis' settings for the answer from the mover's seat where the
    exact solver refuses it and cards hidden from the mover matter (as ``foolsolve POSITION.json``);
    ``None``: no such answer (an ``-o`` option or ``--max-nodes`` asks for the exact solver)."""


SETTINGS_NAMES: dict[str, str] = {
    "--max-nodes": "Settings.max_nodes", "--time": "Settings.time_limit", "--max-memory": "Settings.max_memory",
    "--method": "Settings.method", "--samples": "Settings.samples", "--seed": "Settings.seed",
    "--out": "Settings.out", **solver_options_named("Settings.extra"),
    "--workers": "workers", "--scheduler": "scheduler",
}
"""The batch command's options and the :class:`Settings` fields and :func:`run` parameters that
stand for them, as the errors of :class:`Settings` and :func:`run` name them
(:func:`foolsolve.errors.option_names`)."""


@dataclass(frozen=True)
class Settings:
    """What every position of a batch is solved with: checked when built, then fixed (a changed
    batch takes :func:`dataclasses.replace`, which checks the new one)."""

    extra: dict[str, Any] = field(default_factory=dict)
    max_nodes: int | None = None
    out: str | None = None
    """The batch's output file (a line naming it as its position file is an error)."""
    time_limit: float | None = None
    """``--time``: seconds per position."""
    max_memory: int | None = None
    """``--max-memory``: MiB of transposition tables per position."""
    method: str | None = None
    """View lines: ``--method`` of the seat analysis (``None``: auto)."""
    samples: int | None = None
    """View lines: ``--samples`` (PIMC worlds or IS-MCTS iterations; ``None``: the default)."""
    seed: int | None = None
    """View lines: ``--seed`` of the sampled worlds (``None``: 0)."""

    def __post_init__(self) -> None:
        """Each field checked as :func:`foolsolve.answer` checks the parameter that stands for the same
        option (the same bounds), and the seat options together as the command checks them: a one-line
        :class:`InputError` naming the field (``Settings.max_nodes: ...``; within the batch command,
        the option: :data:`SETTINGS_NAMES`), before any line is read."""
        from foolsolve import api
        from foolsolve.solver.base import MAX_MEMORY, MAX_NODES, MAX_SAMPLES

        put = object.__setattr__  # frozen: the checked values set once, here
        with option_names(SETTINGS_NAMES):
            api.check_options(self.extra)
            put(self, "extra", {key: api.plain_json(value) for key, value in (self.extra or {}).items()})
            if self.extra:
                _check_extra(self.extra)
            put(self, "max_nodes", api.check_whole("--max-nodes", self.max_nodes, 1, MAX_NODES, cap=True))
            if self.out is not None and not isinstance(self.out, str):
                raise InputError(f"{option_name('--out')}: expected the output file's name (a str) or None, "
                                 f"got {quoted(self.out)}")
            put(self, "time_limit", api.check_seconds(self.time_limit))
            put(self, "max_memory", api.check_whole("--max-memory", self.max_memory, 1, MAX_MEMORY))
            api.check_method(self.method)
            put(self, "samples", api.check_whole("--samples", self.samples, 1, MAX_SAMPLES))
            put(self, "seed", api.check_seed(self.seed))
            self.seat_settings()  # the seat options that contradict each other (method exact with samples)

    def seat_given(self) -> list[str]:
        """The seat's options given (``--method``, ``--samples``, ``--seed``), for a line's note where
        no seat answers (a full position the exact solver answered, a finished game)."""
        return [name for name, v in (("--method", self.method), ("--samples", self.samples), ("--seed", self.seed))
                if v is not None]

    def seat_settings(self) -> Any:
        """A view line's :class:`foolsolve.seat.Settings` (picklable, for a worker), as ``foolsolve
        VIEW.json`` takes the options (``--max-nodes`` is each world's node budget there too)."""
        from foolsolve.cli import seat_settings

        return seat_settings(self.method, self.samples, self.time_limit, self.seed, self.max_nodes, self.max_memory)


def solve_task(task: tuple[Any, ...]) -> dict[str, Any]:
    """Solve one canonical position (runs on a worker): ``(game, position, extra, max_nodes[,
    time_limit, max_memory[, fallback[, for_player]]])`` to ``{"result": ...}`` or ``{"error": ...}``
    (never raises for a bad position or a limit); with ``fallback`` (:attr:`Job.fallback`), a position
    the exact solver refuses whose mover cannot see every card that matters gets ``{"seat": ...}``,
    the answer from her seat ``foolsolve POSITION.json`` gives; with ``for_player``
    (:attr:`Job.for_player`), a finished game's answer states that player's result. Where the worker
    warmed up first (:attr:`~foolsolve.games.base.GameInfo.warm_up`, before the line's clock started),
    ``"warm_up"`` holds its seconds (the batch's summary counts them; no record shows them)."""
    warmed: list[float] = []
    outcome = _solve_task(task, warmed)
    if warmed:
        outcome["warm_up"] = warmed[0]
    return outcome


def _solve_task(task: tuple[Any, ...], warmed: list[float]) -> dict[str, Any]:
    """:func:`solve_task`, the warm-up's seconds appended to ``warmed``."""
    from foolsolve import games
    from foolsolve.solver.base import NotCovered, SearchLimit, SolveOptions, limit_text, stopped_answer, with_limits

    game, position, extra, max_nodes = task[:4]
    time_limit, max_memory, fallback, for_player = (*task[4:], None, None, None, None)[:4]
    opts = SolveOptions(max_nodes=max_nodes, extra=dict(extra), time_limit=time_limit, max_memory=max_memory)
    state: Any = None
    try:
        info = games.get(game)
        state = info.spec.state_from_json(json.loads(position))
        if info.solve is None:
            raise InputError(f"game: {info.name} has no exact solver")
        warm = info.warm_up(state, opts.extra) if info.warm_up is not None else None  # before the line's clock
        if warm is not None:
            warmed.append(warm)
        opts = with_limits(opts)  # one deadline for the solve and its distances (--time applies to the whole line)
        result = info.solve(state, opts)  # --time applied and the method named (GameInfo.solve)
        from foolsolve.distance import add_distances

        add_distances(info, state, result, deadline=opts.deadline, distance=opts.distance)
    except SearchLimit as exc:
        if exc.partial is None or not exc.partial.answers():
            return {"error": limit_text(exc, opts), "kind": "limit"}
        # the value and a best move proved before the limit: that result, not an error (never stored)
        return {"result": stopped_answer(exc.partial, limit_text(exc, opts, note=True)).to_json()}
    except InputError as exc:
        if isinstance(exc, NotCovered) and info.spec.is_terminal(state):  # a finished game: its result, as solve's
            from foolsolve.solver.open_hand import game_over_result

            return {"result": _for_player(info, state, game_over_result(info, state), for_player).to_json()}
        if isinstance(exc, NotCovered):  # only chance left: its exact expectation, as solve's
            from foolsolve.solver.open_hand import chance_only_result

            chance_only = chance_only_result(info, state, for_player)
            if chance_only is not None:
                return {"result": chance_only.to_json()}
        if fallback is not None and state is not None:
            return _refused_seat(info, state, fallback, str(exc))
        return {"error": str(exc)}
    except Exception as exc:  # a solver bug must not end the batch: the line says what happened
        if refused_memory(exc):  # the line's own limit, not a bug (a MemoryError, a thread or a module the limit refused)
            return {"error": out_of_memory(), "kind": "limit"}
        return {"error": f"internal error: {type(exc).__name__}: {exc}", "kind": "internal"}
    return {"result": _for_player(info, state, result, for_player).to_json()}


def _for_player(info: Any, state: Any, result: Any, player: int | None) -> Any:
    """``result`` of the finished ``state`` stated for ``player`` (``None``: as it is)."""
    if player is None:
        return result
    from foolsolve.cli import finished_for_seat

    return finished_for_seat(info, state, result, player)


def _refused_seat(info: Any, state: Any, settings: Any, refused: str) -> dict[str, Any]:
    """A full position the exact solver refused (``refused``): the answer from the mover's seat
    where cards hidden from her matter (player 0 at a chance node), as ``foolsolve POSITION.json``
    gives it, else the refusal as the line's error."""
    from foolsolve.cli import _SeatRequest, refused_note
    from foolsolve.game import seat_of_mover
    from foolsolve.worlds import worlds_from_state

    if not _SeatRequest.hidden_from_mover(info, state):
        return {"error": refused}
    return _seat_answer(info, worlds_from_state(info, state, seat_of_mover(info.spec.to_move(state))), settings,
                        lambda player: refused_note(refused, player))


def _seat_answer(info: Any, worlds: Any, settings: Any, note: Callable[[int], str] | None = None
                 ) -> dict[str, Any]:
    """``{"seat": ...}``: the seat analysis of ``worlds`` with ``settings`` (:meth:`Settings.seat_settings`)
    in this process, ``note(player)`` first among its notes; a bad budget: ``{"error": ...}``."""
    from foolsolve import seat

    try:
        answer = seat.analyse(info, worlds, settings, names={})  # (batch's options' names)
    except InputError as exc:
        return {"error": str(exc), "kind": "limit" if isinstance(exc, LimitError) else "input"}
    except Exception as exc:  # a bug must not end the batch: the line says what happened
        if refused_memory(exc):  # the line's own limit, not a bug (a MemoryError, a thread or a module the limit refused)
            return {"error": out_of_memory(), "kind": "limit"}
        return {"error": f"internal error: {type(exc).__name__}: {exc}", "kind": "internal"}
    if answer.interrupted:
        raise KeyboardInterrupt
    check = seat.second_opinion(info, worlds, answer, settings)  # as solve's answer has it (Ctrl-C: the line unfinished)
    if check is not None:
        answer.notes.append(check)
    if note is not None:
        answer.notes.insert(0, note(answer.player))
    return {"seat": answer.to_json()}


def seat_task(task: tuple[str, str, Any]) -> dict[str, Any]:
    """Answer one view from its player's seat (runs on a worker): ``(game, view JSON, seat
    settings)`` to ``{"seat": SeatAnswer.to_json()}`` or ``{"error": ...}``, the answer ``foolsolve
    VIEW.json --json`` prints. Its worlds are valued one after another here (the answer is the
    same for any split: each world is drawn and valued from its own seed). Ctrl-C is not an
    answer: it stops the batch."""
    from foolsolve import games
    from foolsolve.worlds import read_view, worlds_of_view

    game, view_json, settings = task
    try:
        info = games.get(game)
        view = read_view(json.loads(view_json), check=False)  # checked when the line was read
    except InputError as exc:
        return {"error": str(exc)}
    return _seat_answer(info, worlds_of_view(view), settings)


_JSON_SCALAR = re.compile(r"null|true|false|-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")
"""A line that is JSON null, a boolean or a number: read as JSON (an error naming it), not as a
bare file path."""


def _check_extra(extra: dict[str, Any]) -> None:
    """What of the solver options ``extra`` is known whatever the game of a line: a name no game's
    solver takes, and the options every solver reads (``time``, ``max_nodes``, an old name:
    :class:`~foolsolve.solver.base.SolveOptions`); an :class:`OptionError` naming the option. The
    value of a game's own option is checked where a line of that game is solved (a batch may mix
    games)."""
    from foolsolve import games
    from foolsolve.errors import OptionError
    from foolsolve.solver.base import ALIASES, COMMON_OPTIONS, SolveOptions

    known = {*COMMON_OPTIONS, *ALIASES}
    for info in games.all_games():
        if info.solve is not None:
            known.update(info.solver_options or {})
    for key in sorted(extra):
        if key not in known:
            from foolsolve.rules import rule_option_words

            words = rule_option_words(key)
            if words is not None:
                raise OptionError(f"{option_name('option')} {key}: {words}")
            raise OptionError(f"{option_name('option')} {cut_text(key, 40)}: no game's solver takes it "
                              f"(known: {', '.join(sorted(known))})")
    SolveOptions(extra=dict(extra))


def _not_a_position(got: str) -> str:
    return "expected a position object or a file path" + (f", got {got}" if got else "")


def parse_job(line: int, text: str | InputError | None, path: str | None, settings: Settings, store: Any,
              repeats: Callable[[Job], bool] | None = None) -> Job:
    """A :class:`Job` for one line (a position object or a path; an :class:`InputError` for a
    line that could not be read) or one position file; errors and stored results become its
    record. ``repeats(job)``: whether the job asks what an earlier line of the run asked (:func:`_run`
    then answers it with that line's answer, and the store is not read for it)."""
    from foolsolve import games
    from foolsolve import store as st
    from foolsolve.worlds import is_view

    job = Job(line=line, path=path, max_nodes=settings.max_nodes, time_limit=settings.time_limit,
              max_memory=settings.max_memory)
    try:
        if isinstance(text, InputError):
            raise text
        if text is not None:
            stripped = text.strip()
            if stripped[0] in '{["':
                value = parse_json(stripped, f"line {line}")
            elif _JSON_SCALAR.fullmatch(stripped):  # JSON that names no file (null, 3, true): not a bare path
                name = f'the JSON string "{stripped}" or as ./{stripped}' if len(stripped) <= 40 else \
                    "a JSON string or with ./ before it"
                raise InputError(f"line {line}: {_not_a_position(cut_text(stripped, 40))} (a file of that name: "
                                 f"write it as {name})")
            else:
                value = stripped
            if isinstance(value, str):
                check_file_name(value, f"line {line}")
                if value == STDIO:
                    raise InputError(f"line {line}: '-' (standard input) cannot be a position file in a batch")
                job.path = value
                if len(value) > MAX_PATH_CHARS:  # quoted once, cut, in the record's path
                    raise InputError(f"line {line}: no file name ({len(value):,} characters; a file name has at most "
                                     f"{MAX_PATH_CHARS:,})")
                if settings.out is not None and same_file(value, settings.out):
                    raise InputError(f"line {line}: {value} is the {option_name('--out')} file of this batch")
                obj = read_json(value, named_by="a batch line" if LINES_FROM_STDIN.get() else None)
            elif isinstance(value, dict):
                obj = value
            else:
                raise InputError(f"line {line}: {_not_a_position('a list' if isinstance(value, list) else '')}")
        else:
            assert path is not None
            obj = read_json(path)
        info = games.get(game_of(obj))
        if is_view(obj):
            return _view_job(job, info, obj, settings, store, repeats)
        if info.solve is None:
            raise InputError(f"game: {info.name} has no exact solver")
        state = info.spec.state_from_json(obj)
        job.game = info.name
        job.position = st.canonical(info.spec.state_to_json(state))
        job.options = st.canonical(settings.extra)
        from foolsolve.solver.open_hand import memory_note

        # as foolsolve POSITION.json notes them; the seat options apply only where the seat answers (fallback)
        seat = settings.seat_given()
        from foolsolve.present import moot_rules

        job.moot = moot_rules(info.spec, state)[1]  # the rule options set that cannot matter here
        job.unapplied = (*memory_note(info, settings.max_memory),
                         *([f"not applied: {', '.join(seat)} (options of an answer from one seat; the exact solver "
                            "answered this full position)"] if seat else []))
        if not settings.extra and settings.max_nodes is None:  # as foolsolve POSITION.json: docs/batches.md
            job.fallback = settings.seat_settings()
            _seat_keyed(job, settings)
        _keyed(job, info, state, settings.extra)
        if repeats is not None and repeats(job):
            return job
        _read_stored(job, info, state, settings.extra, store)
        if job.record is None and job.fallback is not None:
            _read_stored_seat(job, info, obj, store)
    except InputError as exc:
        job.record = _record(job, {"error": str(exc)})
    except Exception as exc:  # a bug reading one line must not end the batch: the line says what happened
        if refused_memory(exc):  # the line's own limit, not a bug
            job.record = _record(job, {"error": out_of_memory(), "kind": "limit"})
        else:
            job.record = _record(job, {"error": f"internal error: {type(exc).__name__}: {exc}", "kind": "internal"})
    return job


def _keyed(job: Job, info: Any, state: Any, extra: dict[str, Any]) -> None:
    """``job.key`` and ``job.keyed``: the key of the answer with its lines of ``state`` with the
    solver options ``extra``, as ``foolsolve POSITION.json`` keys it (:func:`foolsolve.store.position_key`)."""
    from foolsolve import store as st
    from foolsolve.solver.base import SolveOptions

    keyed = st.position_key(info, state, SolveOptions(extra=dict(extra)), lines=True)
    job.key, job.keyed = (None, ("", "")) if keyed is None else (keyed[0], keyed[1:])


def _seat_keyed(job: Job, settings: Settings) -> None:
    """``job``'s seat answer's store key (``job.position`` set): read under any ``--time`` (a stored
    answer valued every world asked for), stored only without one (:func:`_run`: an answer bounded
    by the clock depends on the machine; docs/batches.md)."""
    from foolsolve import store as st

    job.seat_options = st.seat_settings_json(job.seat if job.seat is not None else job.fallback)
    job.seat_key = st.seat_key(job.game, job.position, job.seat_options)


def _read_stored(job: Job, info: Any, state: Any, extra: dict[str, Any], store: Any) -> None:
    """``job.record`` from the store's result under ``job.key``, where it holds one."""
    from foolsolve import store as st
    from foolsolve.solver.base import SolveOptions

    if store is None or job.key is None:
        return
    t0 = time.perf_counter()
    # also the keys a store written by a foolsolve keying answers otherwise holds the line under; never written
    also = st.also_keys(info, state, SolveOptions(extra=dict(extra)), (job.key, *job.keyed), lines=True, given=extra)
    hit = store.get(job.key, st.answer_check(info, state), also=also)
    if hit is not None:
        from foolsolve.games.base import with_game_result

        stored = st.stored_answer(info, hit, extra, time.perf_counter() - t0)
        job.record = _record(job, {"result": with_game_result(info, state, stored)}, cached=True)


def _read_stored_seat(job: Job, info: Any, obj: dict[str, Any], store: Any) -> None:
    """``job.record`` from the store's seat answer under ``job.seat_key``, where it holds one."""
    from foolsolve import store as st

    if store is None or job.seat_key is None:
        return
    hit = store.get_seat(job.seat_key, st.seat_check(obj))
    if hit is not None:
        job.record = _record(job, {"seat": st.in_order(hit, seat_answer_from_json(hit).to_json())}, cached=True)


def _view_job(job: Job, info: Any, obj: dict[str, Any], settings: Settings, store: Any = None,
              repeats: Callable[[Job], bool] | None = None) -> Job:
    """``job`` for a view line: checked here (every problem is the line's error), answered on a
    worker by :func:`seat_task`, or by the game's exact solver on one world of the view where it
    answers from the viewer's seat and neither ``--method`` nor ``--samples`` is given (as
    ``foolsolve VIEW.json``: :mod:`foolsolve.seat_exact`, its result stored as that world's), or here,
    exactly, where only chance is left (:func:`~foolsolve.solver.open_hand.chance_only_view`; not
    stored: it takes no search). A seat answer not bounded by ``--time`` is read from the store
    (:func:`foolsolve.store.seat_key`)."""
    from foolsolve import store as st
    from foolsolve.cli import finished_note, finished_world
    from foolsolve.seat_exact import seat_exact, unapplied_notes
    from foolsolve.solver.open_hand import chance_only_view, memory_note
    from foolsolve.worlds import read_view, worlds_of_view

    view = read_view(obj)
    from foolsolve.present import moot_rules

    job.moot = moot_rules(info.spec, view)[1]  # the rule options the view sets that cannot matter, as a solve notes them
    finished = finished_world(info, view)
    if finished is not None:  # the game is over: the full position's answer (its result), as foolsolve VIEW.json
        job.game = info.name
        job.position = st.canonical(info.spec.state_to_json(finished))
        job.options = st.canonical(settings.extra)
        job.unapplied = tuple(finished_note(info, view, settings.seat_given()))
        job.for_player = view.player
        return job
    chance_only = chance_only_view(info, view, dict.fromkeys(settings.seat_given(), True))
    if chance_only is not None:  # only chance is left: exact from the view's seat, as foolsolve VIEW.json (not stored)
        job.game = info.name
        job.position = st.canonical_view(view)  # (what a repeat of the line is known by)
        job.record = _record(job, {"result": chance_only[1].to_json()})
        return job
    exact = None if settings.method is not None or settings.samples is not None else \
        seat_exact(info, worlds_of_view(view), settings.extra, settings.seed)
    if exact is not None:
        from foolsolve.seat_exact import seat_exact_note

        job.game = info.name
        job.position = st.canonical(info.spec.state_to_json(exact.world))
        job.options = st.canonical(exact.extra)
        job.from_seat = exact.player
        # the seat's note first, then the options not applied (after the result is stored: the world's own)
        job.unapplied = (seat_exact_note(exact.player), *unapplied_notes(settings.seed, False, []),
                         *memory_note(info, settings.max_memory))
        _keyed(job, info, exact.world, exact.extra)
        if repeats is None or not repeats(job):
            _read_stored(job, info, exact.world, exact.extra, store)
        return job
    worlds = worlds_of_view(view)
    if settings.method is None and settings.samples is None and info.solve is not None and worlds.count() == 1:
        # one consistent world: its answer as a full position, as foolsolve VIEW.json gives it
        from foolsolve.seat_exact import one_world_notes

        world = worlds.first()
        job.game = info.name
        job.position = st.canonical(info.spec.state_to_json(world))
        job.options = st.canonical(settings.extra)
        job.one_world = view.player
        job.unapplied = (*one_world_notes(["--seed"] if settings.seed is not None else []),
                         *memory_note(info, settings.max_memory))
        _keyed(job, info, world, settings.extra)
        if repeats is None or not repeats(job):
            _read_stored(job, info, world, settings.extra, store)
        return job
    if settings.extra:
        from foolsolve.cli import seat_takes_no_option

        raise seat_takes_no_option(next(iter(settings.extra)))
    job.game = info.name
    job.position = st.canonical_view(view)  # the view as read: any file of it is a repeat, and its store key
    job.seat = settings.seat_settings()
    _seat_keyed(job, settings)
    if repeats is None or not repeats(job):
        _read_stored_seat(job, info, obj, store)
    return job


def _line_fields(job: Job) -> dict[str, Any]:
    """A record's ``line`` and, for a file's line, its ``path`` (cut where it is long)."""
    rec: dict[str, Any] = {"line": job.line}
    if job.path is not None:
        rec["path"] = job.path if len(job.path) <= MAX_PATH_CHARS else cut_text(job.path)
    return rec


def _record(job: Job, outcome: dict[str, Any], cached: bool = False) -> dict[str, Any]:
    rec = _line_fields(job)
    if "result" in outcome:
        rec["cached"] = cached
        rec["result"] = _noted(outcome["result"], job.unapplied, job.moot)
        if job.one_world is not None:
            from foolsolve.seat_exact import one_world_method

            rec["result"] = {**rec["result"], "method": one_world_method(job.one_world, rec["result"].get("method"))}
    elif "seat" in outcome:
        rec["cached"] = cached
        rec["seat"] = _noted(outcome["seat"], (), job.moot)
    else:
        rec["error"] = one_line(str(outcome["error"]))  # on one line and cut, as a single file's error
        rec["kind"] = outcome.get("kind", "input")
    return rec


def _noted(answer: dict[str, Any], unapplied: Sequence[str], moot: str | None) -> dict[str, Any]:
    """``answer`` (a result's or a seat answer's JSON) with the notes ``unapplied`` and then ``moot``
    (where it is not there yet) after its own, as ``foolsolve POSITION.json`` adds them: after the
    answer was stored (a stored answer holds no note of this batch's options, nor of the rules of the
    line's position)."""
    added = [*unapplied, *([moot] if moot is not None and moot not in answer.get("notes", []) else [])]
    return {**answer, "notes": [*answer.get("notes", []), *added]} if added else answer


ERROR_KINDS = ("input", "limit", "internal")
"""An error record's ``kind``: ``input`` (a bad line: malformed JSON, a missing file, an impossible
position, an option its solver does not take, a position the exact solver refuses), ``limit``
(``--max-nodes`` or ``--time`` ran out before an answer) or ``internal`` (a bug, or a worker that
died: the line says what happened)."""


class LineWriter:
    """JSON Lines to a file (or standard output for ``-``): each record in one write, flushed,
    with Ctrl-C held off while it is written, so the file only ever holds whole lines."""

    def __init__(self, path: str, name: str | None = None, lock: bool = True) -> None:
        """``name``: the output's name in errors, where ``path`` is a temporary file written in its
        place (``store export --out F`` writes ``.F.foolsolve-PID-XXXXXXXX.tmp`` and renames it): ``--out F: cannot
        write (...)``; ``lock``: the file is locked (:func:`foolsolve.positions.lock_output`), unless
        the caller holds it already (such a temporary file)."""
        self.path = path
        self.name = path if name is None else name
        self._own = path != STDIO
        self._failed = False  # a write failed: close drops what is left unwritten
        self._f: IO[bytes] = (open_for_writing(path, f"--out {self.name}", lock=lock) if self._own
                              else sys.stdout.buffer)

    def write(self, record: dict[str, Any]) -> None:
        """One whole line."""
        # backslashreplace: a lone surrogate anywhere in a record is written as its escape, not a crash;
        # on standard output in an encoding without the suits, what it lacks as JSON escapes (as --json writes)
        text = jsonout.dumps(record) + "\n"
        if not self._own:
            from foolsolve.textout import json_text

            text = json_text(text)
        data = text.encode("utf-8", "backslashreplace")
        before = self._whole_length()
        try:
            with SigintHeld():
                if self._own:
                    self._write_all(data)
                else:
                    self._f.write(data)
                    self._f.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:  # a full disk (/dev/full), a file too large: the batch cannot go on
            self._failed = True
            if before is not None:  # what the write left of its line is cut off: whole lines only
                with contextlib.suppress(OSError):
                    os.ftruncate(self._f.fileno(), before)
                    os.lseek(self._f.fileno(), before, os.SEEK_SET)
            where = "standard output" if not self._own else f"--out {self.name}"
            raise InputError(f"{where}: cannot write ({exc.strerror or exc})") from None

    def _whole_length(self) -> int | None:
        """The length of the output file before a write (where a failed write cuts it back to):
        ``None`` for standard output and for what is no regular file (a pipe, a device)."""
        if not self._own or self._failed:
            return None
        try:
            info = os.fstat(self._f.fileno())
        except OSError:
            return None
        return info.st_size if stat.S_ISREG(info.st_mode) else None

    def _write_all(self, data: bytes) -> None:
        """``data`` written to the file through no buffer (nothing is left for :meth:`close` to
        write after a failure), however many writes the system takes for it."""
        fd = self._f.fileno()
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]

    def close(self) -> None:
        """Close the file (not standard output); after a failed write, whatever is left unwritten
        is dropped (the error is already on its way)."""
        if self._own:
            try:
                self._f.close()
            except OSError as exc:
                if not self._failed:
                    raise InputError(f"--out {self.name}: cannot write ({exc.strerror or exc})") from None


@dataclass
class Summary:
    """What a batch did: each line counted once, under the first of ``errors``, ``repeats``,
    ``from_store``, ``seats`` and ``solved`` that fits it."""

    lines: int = 0
    solved: int = 0
    """Lines whose exact result was computed in this run."""
    seats: int = 0
    """Lines answered from a player's seat in this run (view lines; full positions the exact solver
    refuses, answered from the mover's seat)."""
    from_store: int = 0
    """Lines whose answer (an exact result or a seat answer) was read from the result store."""
    errors: int = 0
    repeats: int = 0
    """Lines asking what an earlier line of the run asked, given its answer (their ``same_as``)."""
    seconds: float = 0.0
    where: str = ""
    lost: int = 0
    warm_ups: int = 0
    """Workers (processes) that warmed up before their first timed line (:func:`solve_task`)."""
    warm_up_seconds: float = 0.0
    """The seconds those warm-ups took, together (no line's time counts them)."""
    unstored: set[str] = field(default_factory=set)
    """The kinds of answers this run gave and did not store in its store (``UNSTORED_*``: ``--time``,
    a finished game, ...), which a rerun computes again; empty with no store. The time limit is
    named as the caller names it: ``answers limited by --time`` (:data:`UNSTORED_TIME`) from the
    command, ``answers limited by Settings.time_limit`` from :func:`run`."""

    @property
    def stored(self) -> int:
        """:attr:`from_store` under its first name: the lines read from the store (not those stored)."""
        return self.from_store

    def text(self) -> str:
        """One line."""
        rate = self.lines / self.seconds if self.seconds > 0 else 0.0
        lost = f"; {self.lost} resubmitted after a worker died" if self.lost else ""
        if self.warm_ups:
            lost += (f"; warm-up before the first line's clock (the compiled search loaded) in {self.warm_ups} "
                     f"process{'es' if self.warm_ups > 1 else ''}: {self.warm_up_seconds:.1f} s")
        seats = f", {self.seats} answered from a seat" if self.seats else ""
        repeats = f", {self.repeats} repeating an earlier line" if self.repeats else ""
        lines = f"{self.lines} line" + ("" if self.lines == 1 else "s")
        errors = f"{self.errors} error" + ("" if self.errors == 1 else "s")
        return (f"{lines}: {self.solved} solved{seats}, {self.from_store} from the store{repeats}, {errors} "
                f"in {self.seconds:.1f} s ({rate:,.1f} lines/s) {self.where}{lost}")


class Interrupted(KeyboardInterrupt):
    """Ctrl-C stopped :func:`run`: every record finished before it was emitted (in line order),
    and :attr:`summary` (also ``batch_summary``) counts them. Its one line says how many lines
    were done."""

    def __init__(self, summary: Summary) -> None:
        done = f"{summary.lines} line{'' if summary.lines == 1 else 's'}"
        super().__init__(f"batch interrupted after {done}; the exception's .summary counts them")
        self.summary = summary

    @property
    def batch_summary(self) -> Summary:
        """:attr:`summary` under the name the command reads."""
        return self.summary


def run(jobs: Iterable[tuple[int, str | InputError | None, str | None]], emit: Callable[[dict[str, Any], Job], None],
        settings: Settings, store: Any = None, workers: int = 1, scheduler: str | None = None,
        total: int | None = None, label: str = "batch", executor: Any = None,
        names: dict[str, str] | None = None, progress: bool | None = None) -> Summary:
    """Solve every job (``(line, text, path)``: a JSON Lines line or a position file) and
    ``emit(record, job)`` once per job in order; stored results are read instead of solved, solved
    ones stored as they come back. A record's error names the :class:`Settings` fields where it
    names the batch's options (``Settings.max_nodes: no exact answer within 5 nodes``; ``names``:
    option -> name, by default :data:`SETTINGS_NAMES`; within a command, the command's names:
    :func:`foolsolve.errors.command_line_names`). ``progress``: where the status line of the batch
    (``label``, its positions done of ``total``) shows, as :func:`foolsolve.answer`'s (:func:`foolsolve.progress.plain_lines`):
    ``None`` on a terminal only; ``True`` also where stderr is no terminal (a notebook), a plain
    line every few seconds as positions finish; ``False`` nowhere. ``store``: the result store, as
    :func:`foolsolve.answer` takes it: ``None`` or ``False`` (the default: none, as ``answer``'s;
    ``foolsolve batch`` uses the default store unless ``--no-store``), ``True`` (the default store),
    a file name, or an open :class:`foolsolve.store.Store`; anything else is an :class:`InputError`."""
    from foolsolve.progress import checked_shown

    checked_shown(progress)
    if not callable(emit):
        raise InputError(f"emit: expected a function called as emit(record, job), got {quoted(emit)}")
    if not isinstance(settings, Settings):
        raise InputError(f"settings: expected a foolsolve.batch.Settings, got {quoted(settings)}")
    if isinstance(jobs, (str, bytes)) or not isinstance(jobs, Iterable):
        raise InputError(f"jobs: expected an iterable of (line, text, path) tuples, got {quoted(jobs)}")
    from foolsolve.store import Store

    opened = None
    if store is True or isinstance(store, (str, os.PathLike)):  # as foolsolve.answer takes it; closed at the end
        from foolsolve.api import _open_store

        store = opened = _open_store(store)
    elif store is False:
        store = None
    elif store is not None and not isinstance(store, Store):
        raise InputError(f"store: expected None or False (no store), True (the default store), a file name or a "
                         f"foolsolve.store.Store, got {quoted(store)}")
    try:
        with option_names(SETTINGS_NAMES if names is None else names):
            return _run((_checked_job(i, job) for i, job in enumerate(jobs)), emit, settings, store, workers,
                        scheduler, total, label, executor, progress)
    finally:
        if opened is not None:
            opened.close()


def _checked_job(index: int, job: Any) -> tuple[int, str | InputError | None, str | None]:
    """The ``index``-th job given to :func:`run`, ``(line, text, path)``: ``line`` a whole number,
    and either ``text`` (a line's text, or the :class:`InputError` of a line that could not be
    read) with ``path`` ``None``, or ``text`` ``None`` with ``path`` a file's name; anything else
    is an :class:`InputError` naming ``jobs[index]``."""
    where = f"jobs[{index}]"
    if not isinstance(job, (tuple, list)) or len(job) != 3:
        raise InputError(f"{where}: expected a (line, text, path) tuple, got {quoted(job)}")
    line, text, path = job
    if isinstance(line, bool) or not isinstance(line, numbers.Integral):
        raise InputError(f"{where}: the line number: expected a whole number, got {quoted(line)}")
    if text is not None and not isinstance(text, (str, InputError)):
        raise InputError(f"{where}: the text: expected a JSON Lines line (a str) or None, got {quoted(text)}")
    if path is not None and not isinstance(path, str):
        raise InputError(f"{where}: the path: expected a position file's name (a str) or None, got {quoted(path)}")
    if (text is None) == (path is None):
        raise InputError(f"{where}: expected a line's text or a position file's path (one of them, the other None), "
                         f"got {quoted(job)}")
    return int(line), text, path


REPEATS_KEPT = 100_000
"""The distinct positions of a run whose answers :func:`_run` keeps for a later line asking the same
(the most recent ones): a line repeating one asked longer ago is answered again (from the store, where
it holds the answer)."""


def _repeat_key(job: Job) -> tuple[Any, ...]:
    """What a line that needs an answer asks (the batch's settings being one for every line): two
    lines with the same key get the same answer."""
    return (job.seat is not None, job.game, job.position, job.options, job.from_seat is not None, job.for_player,
            job.one_world)


_SAME = {"same": True}
""":func:`_known`'s value of a line that repeats an earlier line still being answered (never sent)."""


def _run(jobs: Iterable[tuple[int, str | InputError | None, str | None]], emit: Callable[[dict[str, Any], Job], None],
         settings: Settings, store: Any, workers: int, scheduler: str | None, total: int | None, label: str,
         executor: Any, shown: bool | None) -> Summary:
    """:func:`run`, its errors naming the options as the caller set them."""
    import copy
    from collections import OrderedDict

    from foolsolve.executor import WorkerLost, make_executor, worker_failure
    from foolsolve.progress import plain_lines
    from foolsolve.progress import progress as status_line

    summary = Summary()
    started = time.monotonic()
    # what is not stored (Summary.unstored) is named as the caller names the options; with no
    # store nothing is kept, so nothing is "not stored"
    unstored_time = f"answers limited by {option_name('--time')}"
    executor = executor if executor is not None else make_executor(workers, scheduler)
    summary.where = executor.description

    waiting: dict[int, Job] = {}
    finished: dict[int, Any] = {}  # outcomes back from a worker whose record waits for a line before it
    first_of: OrderedDict[tuple[Any, ...], int] = OrderedDict()  # what a line asks -> the first line asking it
    answer_of: dict[int, Any] = {}  # the outcome of each such first line, once back (those in first_of)
    line_of: dict[int, int] = {}

    def repeats(job: Job) -> bool:
        return _repeat_key(job) in first_of

    def tasks() -> Iterator[Job]:
        for i, (line, text, path) in enumerate(jobs):
            job = parse_job(line, text, path, settings, store, repeats)
            if store is not None and job.record is not None and "result" in job.record and not job.record["cached"]:
                summary.unstored.add(UNSTORED_NO_SEARCH)  # answered here without a search (only chance left)
            if job.game and (job.record is None or "error" not in job.record):  # a line that asks something
                key = _repeat_key(job)
                first = first_of.get(key)
                if first is not None:  # asked before in this run: that line's answer (once back)
                    first_of.move_to_end(key)
                    job.same_as, job.same_line = first, line_of[first]
                    if first in answer_of:
                        job.record = repeat_record(job)
                else:
                    first_of[key] = i
                    line_of[i] = job.line
                    if job.record is not None:  # read from the store
                        answer_of[i] = (job, None)
                    if len(first_of) > REPEATS_KEPT:  # the oldest forgotten (never one still out: the window)
                        _, old = first_of.popitem(last=False)
                        answer_of.pop(old, None)
                        line_of.pop(old, None)
            waiting[i] = job
            yield job

    def repeat_record(job: Job) -> dict[str, Any]:
        """The record of a line repeating an earlier one: that line's answer, under its own line number."""
        assert job.same_as is not None
        first, outcome = answer_of[job.same_as]
        if first.record is not None:  # read from the store: that record, this line's
            rec = _line_fields(job)
            rec.update({k: v for k, v in copy.deepcopy(first.record).items() if k not in ("line", "path")})
        else:
            rec = record_of(job, copy.deepcopy(outcome), repeat=False)
        rec["same_as"] = job.same_line
        return rec

    def on_done(index: int, job: Job, outcome: Any) -> None:
        # Ctrl-C held back until the answer is stored and only then marked finished: a record the
        # interrupt writes (below) is always one a re-run reads back from the store
        with SigintHeld():
            store_answer(job, outcome)
            finished[index] = outcome
            if index in line_of:
                answer_of[index] = (job, outcome)

    def store_answer(job: Job, outcome: Any) -> None:
        if store is None or not isinstance(outcome, dict):
            return
        if "result" in outcome:
            if "unfinished" in outcome["result"]:
                summary.unstored.add(unstored_time)
            elif job.for_player is not None or job.key is None:
                summary.unstored.add(UNSTORED_NO_SEARCH if job.for_player is not None else UNSTORED_VERSION)
            else:
                store.put(job.key, job.game, *job.keyed, outcome["result"])
                _note_locked(outcome["result"])
        elif "seat" in outcome:
            if settings.time_limit is not None:
                summary.unstored.add(unstored_time)
            elif job.seat_key is None:
                summary.unstored.add(UNSTORED_VERSION)
            else:
                store.put_seat(job.seat_key, job.game, job.position, job.seat_options, outcome["seat"])
                _note_locked(outcome["seat"])

    def _note_locked(answer: dict[str, Any]) -> None:
        if store.read_only is not None:  # not stored (said once on stderr, when opened or when a write failed)
            summary.unstored.add(UNSTORED_READ_ONLY)
        if store.locked:  # neither read nor stored: the record says so, as a single solve's answer does
            from foolsolve.store import LOCKED_NOTE

            summary.unstored.add(UNSTORED_LOCKED)
            notes = answer.setdefault("notes", [])
            if LOCKED_NOTE not in notes:
                notes.append(LOCKED_NOTE)

    def record_of(job: Job, outcome: Any, repeat: bool = True) -> dict[str, Any]:
        if job.record is not None:
            return job.record
        if repeat and job.same_as is not None:
            return repeat_record(job)
        if isinstance(outcome, WorkerLost):
            return _record(job, {"error": f"not solved: {worker_failure(outcome, f'line {job.line}')}",
                                 "kind": "internal"})
        return _record(job, outcome)

    def known(job: Job) -> Any:
        if job.record is not None:
            return job.record
        return _SAME if job.same_as is not None else None

    try:
        with plain_lines(shown), status_line(label, unit="positions", total=total) as tick:
            for done, (index, outcome) in enumerate(executor.map(_solve_job, tasks(), on_done=on_done,
                                                                 here=known), 1):
                with SigintHeld():  # a record is written and forgotten at once: Ctrl-C neither loses nor repeats it
                    job = waiting.pop(index)
                    finished.pop(index, None)
                    if isinstance(outcome, dict) and "warm_up" in outcome:
                        summary.warm_ups += 1
                        summary.warm_up_seconds += outcome["warm_up"]
                    rec = record_of(job, outcome)
                    summary.lines += 1
                    if "error" in rec:
                        summary.errors += 1
                    elif job.same_as is not None:
                        summary.repeats += 1
                    elif rec.get("cached"):
                        summary.from_store += 1
                    elif "seat" in rec:
                        summary.seats += 1
                    else:
                        summary.solved += 1
                    emit(rec, job)
                tick(done)
    except KeyboardInterrupt as exc:
        # nothing finished is lost: the records of the lines after the first unfinished one that are
        # done (solved on another worker, read from the store, a bad line, a repeat of a line done)
        # follow, in line order (their "line" says which; docs/batches.md)
        with SigintHeld():
            for index in sorted(waiting):
                job = waiting[index]
                if job.record is not None or index in finished:
                    emit(record_of(job, finished.get(index)), job)
                elif job.same_as is not None and job.same_as in answer_of:
                    emit(record_of(job, None), job)
        summary.seconds = time.monotonic() - started
        summary.lost = executor.lost
        if isinstance(exc, Interrupted):
            raise
        raise Interrupted(summary) from None  # (the command's message says what is not stored)
    finally:
        summary.seconds = time.monotonic() - started
        summary.lost = executor.lost
    return summary


UNSTORED_TIME = "answers limited by --time"
UNSTORED_NO_SEARCH = "exact answers that take no search (a finished game, only chance left)"
UNSTORED_VERSION = "answers of games whose solver has no version"
UNSTORED_LOCKED = "answers given while the store was locked"
UNSTORED_READ_ONLY = "answers given while the store could not be written"
"""The kinds of finished records a batch does not store (:attr:`Summary.unstored`): the interrupt
message names them, where a rerun computes them again."""


def _solve_job(job: Job) -> dict[str, Any]:
    """:func:`solve_task` of a job, or :func:`seat_task` of a view line (runs on a worker)."""
    if job.seat is not None:
        return seat_task((job.game, job.position, job.seat))
    if job.from_seat is not None:  # (its seat's note added by _record: the result stored is the world's)
        return solve_task((job.game, job.position, json.loads(job.options), job.max_nodes, job.time_limit,
                           job.max_memory))
    return solve_task((job.game, job.position, json.loads(job.options), job.max_nodes, job.time_limit, job.max_memory,
                       job.fallback, job.for_player))


# --- commands ----------------------------------------------------------------------------


@click.command("batch")
@click.argument("infile", metavar="IN.jsonl", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--out", "out", type=OutputFile(), default=STDIO, show_default=True,
              help="Where the results go, one JSON line per input line (- is standard output).")
@click.option("--workers", type=WORKERS, default=1, show_default=True,
              help=workers_help("Local worker processes (1: solve in this process)"))
@click.option("--scheduler", default=None, metavar="tcp://HOST:PORT",
              help="Run on this Dask distributed cluster instead (pip install 'foolsolve[dask]').")
@click.option("--max-nodes", type=NODES, default=None,
              help="Give up a position after this many nodes (its line gets the error; not stored); a view "
                   "line: each world's node budget. Above 2^62: read as 2^62, no limit in practice.")
@click.option("-o", "--option", "extra", multiple=True, metavar="KEY=VALUE",
              help="Game-specific solver option for every position (repeatable), e.g. -o pv=false.")
@click.option("--method", type=Choice(["auto", "exact", "pimc", "ismcts"]), default=None,
              help="Seat answers (view lines): the exact expectation, PIMC or IS-MCTS, as solve [default: auto].")
@click.option("--samples", type=SAMPLES, default=None,
              help="Seat answers (view lines): worlds PIMC samples [default: 100], or IS-MCTS iterations [default: "
                   "4000]; at most 10^7.")
@click.option("--seed", type=Whole(), default=None, help="Seat answers (view lines): seed of the sampled worlds [default: 0].")
@ascii_option
@store_options
@limit_options
def batch_command(infile: str, out: str, workers: int, scheduler: str | None, max_nodes: int | None,
                  extra: Sequence[str], store_path: str | None, no_store: bool, time_limit: float | None = None,
                  max_memory: int | None = None, method: str | None = None, samples: int | None = None,
                  seed: int | None = None) -> None:
    """Solve many positions: JSON Lines in, JSON Lines out, in input order.

    Each non-blank line of IN.jsonl (- is standard input) is a position object or the path of
    a position file. Each output line is {"line": N, "cached": BOOL, "result": {...}} or, for
    a bad line, {"line": N, "error": "...", "kind": "input"} (kind: input, limit or internal);
    the batch goes on past bad lines and exits 2 at
    the end if there were any. Results already in the result store are read, not solved
    again, and each new one is stored as it finishes: run an interrupted batch again to
    resume it.

    A view line ("view": P, hidden cards) gets {"line": N, "cached": BOOL, "seat": {...}}:
    the answer 'foolsolve VIEW.json --json' gives from P's seat (--method, --samples, --seed;
    --max-nodes is each world's node budget). Without --time every world asked for is valued,
    so the answer is the same on every run and any --workers or --scheduler (each view runs on
    one worker): it is stored (keyed by the view, --method, --samples, --seed, --max-nodes)
    and read back on a rerun; with --time it is the answer so far when the time runs out, not
    stored. A line repeating an earlier one gets its answer ("same_as": N). A full
    position the exact solver refuses whose player to move cannot see every card that matters
    (three Durak players) is answered from her seat too, as solve answers it (not with -o or
    --max-nodes)."""
    from foolsolve.cli import _parse_extra
    from foolsolve.executor import make_executor
    from foolsolve.store import refuse_output_over

    # checked before any line, the seat options that contradict each other (--method exact --samples N) too
    settings = Settings(extra=_parse_extra(extra), max_nodes=max_nodes, out=None if out == STDIO else out,
                        time_limit=time_limit, max_memory=max_memory, method=method, samples=samples, seed=seed)
    # IN.jsonl opened once, first (a FIFO that nothing writes to is an error, not a wait): a bad
    # IN.jsonl leaves no --out file
    source = None if infile == STDIO else open_input(infile)
    try:
        if source is not None and writes_over(out, infile):
            raise InputError(f"--out: {out} is the input file {infile} (it would be emptied before it is read)")
        if not no_store:
            refuse_output_over(store_path, out)
        store = open_store(store_path, no_store)
        executor = make_executor(workers, scheduler)  # and a bad --scheduler neither
        writer = LineWriter(out)
    except BaseException:
        if source is not None:
            source.close()
        raise
    total = count_lines(infile)
    summary = Summary()
    token = LINES_FROM_STDIN.set(reads_stdin(infile))
    try:
        summary = run(((n, text, None) for n, text in input_lines(infile, opened=source)),
                      lambda rec, _: writer.write(rec), settings, store, total=total, executor=executor)
    except KeyboardInterrupt as exc:  # the one line Ctrl-C prints (foolsolve.cli.main)
        raise Stopped(interrupted_text(out, store, getattr(exc, "batch_summary", None))) from None
    finally:
        LINES_FROM_STDIN.reset(token)
        if source is not None:
            source.close()
        writer.close()
        executor.close()
        if store is not None:
            store.close()
    click.echo(f"batch: {summary.text()}", err=True)
    if summary.errors:
        sys.exit(2)


def interrupted_text(out: str, store: Any, summary: Summary | None) -> str:
    """The line of a batch stopped by Ctrl-C: where its finished records are, and, with a store,
    what a rerun reads from it and which kinds of finished answers it holds not (``summary.unstored``)."""
    text = f"batch interrupted; every finished result is in {'standard output' if out == STDIO else out}"
    if store is None:
        return text
    unstored = sorted(summary.unstored) if summary is not None else []
    if not unstored:
        return text + f" and in the store {store.path}: run the same command again to resume"
    return (text + f" and in the store {store.path} but for {' and '.join(unstored)}, which are not stored: run "
            "the same command again to resume (it computes those again)")


def solve_many(paths: Sequence[str], as_json: bool, settings: Settings, store: Any) -> None:
    """``foolsolve solve A.json B.json ...``: one record (``--json``) or one report per file, in
    order; a bad file gets its error and the others go on (exit 2 at the end)."""
    from foolsolve import games
    from foolsolve.cli import format_result, format_seat
    from foolsolve.store import result_from_json

    if sum(p == STDIO for p in paths) > 1:
        raise InputError("position: standard input (-) can be read once only")
    first = [True]

    def emit(rec: dict[str, Any], job: Job) -> None:
        if as_json:
            click.echo(jsonout.dumps(rec))
            return
        if not first[0]:
            click.echo("")
        first[0] = False
        click.echo(f"== {rec.get('path', rec['line'])}")
        if "error" in rec:
            click.echo(f"error: {rec['error']}")
            return
        if "seat" in rec:
            click.echo(format_seat(games.get(job.game), seat_answer_from_json(rec["seat"])))
            return
        result = result_from_json(rec["result"])
        info = games.get(result.game)
        text = format_result(info, info.spec.state_from_json(json.loads(job.position)), result)
        if rec.get("cached") and not result.stored:
            text += "\n(read from the result store)"
        click.echo(text)

    summary = run(((i, None, p) for i, p in enumerate(paths, 1)), emit, settings, store, total=len(paths),
                  label="solve")
    if summary.errors:
        message = f"{summary.errors} of {summary.lines} positions had errors"
        if as_json:  # with --json the error, as every error, is one JSON object on standard error
            from foolsolve.cli import error_out

            error_out(message, 2, "input", True)
        else:
            click.echo(f"foolsolve: {message}", err=True)
        sys.exit(2)


def seat_answer_from_json(obj: dict[str, Any]) -> Any:
    """The :class:`foolsolve.seat.SeatAnswer` of its ``to_json`` (a view line's ``seat``):
    :meth:`foolsolve.seat.SeatAnswer.from_json`."""
    from foolsolve.seat import SeatAnswer

    return SeatAnswer.from_json(obj)
