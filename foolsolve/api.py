"""foolsolve from Python (docs/python.md): :func:`answer`, the answer ``foolsolve POSITION.json``
gives, through the solve command's own code path (:func:`foolsolve.cli.answer_position`) with the
command line's defaults; :func:`load`, a position or view file as a :class:`foolsolve.Position`;
:class:`Solved`, a :class:`~foolsolve.solver.base.SolveResult` that knows its position and prints
(and draws in a notebook) as the command prints it.

The parameters are the command's options under Python names (``--as`` is ``as_player``, ``--time``
``time``, ``-o KEY=VALUE`` ``options={KEY: VALUE}``), checked as the command line checks them; an
error that names an option names the parameter (:data:`PYTHON_NAMES`).
"""

from __future__ import annotations

import math
import numbers
import os
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, Literal, TypedDict, cast, overload

from foolsolve.errors import InputError, json_quoted, option_name, option_names, quoted, solver_options_named
from foolsolve.solver.base import DEFAULT_SECONDS, MAX_MEMORY, MAX_NODES, MAX_SAMPLES, MAX_SECONDS, SolveResult

if TYPE_CHECKING:
    from typing import Unpack

    from foolsolve.cli import SolveRequest
    from foolsolve.games.base import GameInfo
    from foolsolve.seat import SeatAnswer
    from foolsolve.svg import Position

METHODS = ("auto", "exact", "pimc", "ismcts")
"""What ``method`` takes (``--method``)."""

PYTHON_NAMES: dict[str, str] = {
    "--as": "as_player", "--time": "time", "--method": "method", "--samples": "samples", "--seed": "seed",
    "--workers": "workers", "--scheduler": "scheduler", "--max-nodes": "max_nodes", "--max-memory": "max_memory",
    "--open-hand": "open_hand", "--store": "store", "--no-store": "store=False", **solver_options_named("options"),
}
"""The solve command's options and the parameters of :func:`answer` that stand for them, as its
errors name them (:func:`foolsolve.errors.option_names`; ``-o KEY=VALUE`` reads ``options KEY=VALUE``)."""


# --- reading a position -------------------------------------------------------------------

BOM = "\ufeff"
"""A UTF-8 byte order mark as text: skipped before JSON text, as it is at the start of a file
(:func:`foolsolve.positions.decode_text`; RFC 8259 §8.1 lets a reader ignore it)."""


def read_position(position: Any) -> tuple[GameInfo, Any]:
    """``(GameInfo, spec state or View)`` of what :func:`answer` and :func:`load` take: a position or
    view file's path (``str`` or path-like; ``-``: standard input), its JSON (a dict, or JSON text
    starting with ``{``, after a byte order mark as a file's may be; other JSON text that names no
    file, ``'[1, 2]'``, is an error saying so), a :class:`foolsolve.Position`, a
    :class:`foolsolve.worlds.View` or a spec state of a registered game. Checked as the command line
    checks a file (one-line :class:`InputError`)."""
    from foolsolve import games
    from foolsolve.cli import load_position, position_of
    from foolsolve.positions import check_file_name, parse_json
    from foolsolve.svg import Position
    from foolsolve.worlds import View

    if isinstance(position, Position):
        info = games.get(position.game)
        return info, position.view if position.view is not None else position.state
    if isinstance(position, View):
        return position.info, position
    if isinstance(position, dict):
        return position_of(position, "position", views=True)
    if isinstance(position, str) and position.startswith(BOM) and not os.path.exists(position):
        position = position[len(BOM):]  # JSON text read as a file's text is read (positions.decode_text)
        if not position.lstrip().startswith("{"):
            _check_not_other_json(position)
            raise InputError("position: text starting with a byte order mark, and no JSON object after it (a "
                             "position or view is a JSON object '{...}')")
    if isinstance(position, str) and position.lstrip().startswith("{"):
        return position_of(parse_json(position, "position"), "position", views=True)
    if isinstance(position, str) and not os.path.exists(position):
        _check_not_other_json(position)
    if isinstance(position, (str, os.PathLike)):
        check_file_name(os.fspath(position), "position")
        return load_position(os.fspath(position), views=True)
    return _game_of_state(position), position


def _check_not_other_json(text: str) -> None:
    """A one-line :class:`InputError` where ``text``, no file's name, is JSON text of something
    other than an object (a list, a number, a string, ``true``, ``null``): a position or view is a
    JSON object, and such text is no file name either."""
    import json

    try:
        value = json.loads(text)
    except ValueError:
        return
    kind = {list: "a list", str: "a string", bool: "a bool", type(None): "null", int: "a number",
            float: "a number"}.get(type(value), type(value).__name__)
    raise InputError(f"position: JSON text of {kind}, not of an object (a position or view is a JSON object "
                     "'{...}'), and no file of that name")


def _game_of_state(state: Any) -> GameInfo:
    """The registered game whose spec defines ``state``'s type (a spec state given as it is)."""
    from foolsolve import games

    module = type(state).__module__
    for info in games.all_games():
        if module.startswith("foolsolve.") and type(info.spec).__module__ == module:
            return info
    raise InputError(f"position: expected a position file's path, its JSON (a dict or text), a foolsolve.Position or "
                     f"a spec state of a registered game, got {type(state).__name__}")


def load(position: Any) -> Position:
    """A position or view file as a :class:`foolsolve.Position` (drawn in a notebook; a view with the
    cards hidden from its player face down). ``position``: what :func:`answer` takes."""
    from foolsolve.svg import Position

    info, state = read_position(position)
    from foolsolve.worlds import View

    return Position.from_view(state) if isinstance(state, View) else Position(info.spec, state)


# --- the parameters, checked as the command line checks its options ------------------------


def check_whole(option: str, value: Any, low: int, high: int | None = None, *, cap: bool = False) -> int | None:
    """A whole number of at least ``low`` and at most ``high`` (``cap``: one above ``high`` read as
    ``high``, as ``--max-nodes``) or ``None``; else an :class:`InputError` naming ``option`` as the
    caller calls it (:func:`~foolsolve.errors.option_name`)."""
    value = whole_number(option, value)
    if value is None:
        return None
    if value < low:
        raise InputError(f"{option_name(option)}: expected at least {low}, got {quoted(value)}")
    if high is not None and value > high:
        if cap:
            return high
        raise InputError(f"{option_name(option)}: at most {high}, got {quoted(value)}")
    return value


def whole_number(option: str, value: Any) -> int | None:
    """``value`` as an ``int`` (any whole number type, a NumPy integer too; never a ``bool``) or
    ``None``; else an :class:`InputError` naming ``option`` as the caller calls it."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise InputError(f"{option_name(option)}: expected a whole number, got {quoted(value)}")
    return int(value)


def check_seconds(value: Any, option: str = "--time") -> float | None:
    """``time``: seconds, 0 or ``None`` no limit (``--time``, named as the caller calls it)."""
    if value is None:
        return None
    name = option_name(option)
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise InputError(f"{name}: expected a number of seconds, got {quoted(value)}")
    try:
        x = float(value)
    except OverflowError:  # a whole number beyond any float
        if cast(Any, value) > 0:  # (a whole number or a fraction too large for a float)
            raise InputError(f"{name}: {quoted(value)} of seconds is more than a year: at most {MAX_SECONDS} s") from None
        raise InputError(f"{name}: expected at least 0 seconds (0: no limit), got {quoted(value)}") from None
    if math.isnan(x) or math.isinf(x):
        raise InputError(f"{name}: {quoted(value)} is not a finite number of seconds")
    if x < 0:
        raise InputError(f"{name}: expected at least 0 seconds (0: no limit), got {quoted(value)}")
    if x > MAX_SECONDS:
        raise InputError(f"{name}: {quoted(value)} s is more than a year: at most {MAX_SECONDS} s")
    return x or None


def check_method(value: Any) -> str | None:
    """``method``: one of :data:`METHODS` or ``None`` (auto; ``--method``)."""
    if value is not None and value not in METHODS:
        raise InputError(f"{option_name('--method')}: expected one of {', '.join(METHODS)} (or None: auto), "
                         f"got {quoted(value)}")
    return value


def check_seed(value: Any, option: str = "--seed") -> int | None:
    """``seed``: a whole number or ``None`` (``--seed``)."""
    return whole_number(option, value)


def check_options(options: Any) -> tuple[str, ...]:
    """``options={KEY: VALUE}`` as the ``-o KEY=VALUE`` texts the command reads (each value as JSON)."""
    import json

    if options is None:
        return ()
    name = option_name("--option")
    if not isinstance(options, Mapping):
        raise InputError(f"{name}: expected a dict of solver options, got {type(options).__name__}")
    out = []
    for key, value in options.items():
        if not isinstance(key, str) or not key:
            raise InputError(f"{name}: a solver option's name is a non-empty string, got {quoted(key)}")
        try:
            text = json.dumps(value, ensure_ascii=False, allow_nan=False, default=_json_number)
        except (TypeError, ValueError):
            raise InputError(f"{name} {key}: expected a JSON value (a number, string, bool, list or dict), "
                             f"got {quoted(value)}") from None
        out.append(f"{key}={text}")
    return tuple(out)


def plain_json(value: Any) -> Any:
    """A value :func:`check_options` took, as JSON reads it back (a NumPy number as ``int`` or ``float``)."""
    import json

    return json.loads(json.dumps(value, allow_nan=False, default=_json_number))


def _json_number(value: Any) -> int | float:
    """A number type JSON does not know (a NumPy integer or float) as ``int`` or ``float``."""
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        return int(value)
    if isinstance(value, numbers.Real):
        return float(value)
    raise TypeError(type(value).__name__)


def request_of(*, as_player: Any = None, method: Any = None, samples: Any = None, seed: Any = None,
               time: Any = DEFAULT_SECONDS, max_nodes: Any = None, max_memory: Any = None, workers: Any = None,
               scheduler: Any = None, open_hand: Any = False, options: Any = None) -> SolveRequest:
    """The :class:`foolsolve.cli.SolveRequest` of :func:`answer`'s parameters, each checked as the
    command line checks its option (the same bounds; errors name the option as the caller calls it:
    the parameter within :func:`answer`)."""
    from foolsolve.cli import SolveRequest
    from foolsolve.executor import check_workers

    check_method(method)
    if scheduler is not None and not isinstance(scheduler, str):
        raise InputError(f"{option_name('--scheduler')}: expected an address tcp://HOST:PORT, got {quoted(scheduler)}")
    if not isinstance(open_hand, bool):
        raise InputError(f"{option_name('--open-hand')}: expected True or False, got {quoted(open_hand)}")
    count = check_whole("--workers", workers, 1)
    return SolveRequest(seconds=check_seconds(time), viewer=check_whole("--as", as_player, 0), method=method,
                        samples=check_whole("--samples", samples, 1, MAX_SAMPLES), seed=check_seed(seed),
                        workers=None if count is None else check_workers(count), scheduler=scheduler,
                        max_nodes=check_whole("--max-nodes", max_nodes, 1, MAX_NODES, cap=True),
                        max_memory=check_whole("--max-memory", max_memory, 1, MAX_MEMORY), extra=check_options(options),
                        open_hand=open_hand)


def _open_store(store: Any, wait: float | None = None) -> Any:
    """The result store :func:`answer` reads and writes: none (``False``, the default), the default
    one (``True``: as the command line's, ``$FOOLSOLVE_STORE`` or the user's cache folder), or the
    file ``store`` names; ``wait``: the seconds opening it may wait for another process's lock
    (:func:`foolsolve.store.open_wait`; ``None``: :data:`foolsolve.store.OPEN_TIMEOUT`)."""
    from foolsolve.store import OPEN_TIMEOUT, open_store

    wait = OPEN_TIMEOUT if wait is None else wait
    if store is False or store is None:
        return None
    if store is True:
        return open_store(None, enabled=True, wait=wait)
    if isinstance(store, (str, os.PathLike)):
        return open_store(os.fspath(store), enabled=True, wait=wait)
    raise InputError(f"store: expected False, True or a file name, got {store!r}")


# --- the answer ---------------------------------------------------------------------------


class AnswerOptions(TypedDict, total=False):
    """:func:`answer`'s keyword parameters but ``open_hand``, for a type checker (``**options:
    Unpack[AnswerOptions]``): what :func:`answer_text` and :meth:`foolsolve.Position.answer` take
    beside ``open_hand`` (:class:`AnswerParameters`)."""

    as_player: int | None
    method: str | None
    samples: int | None
    seed: int | None
    time: float | None
    max_nodes: int | None
    max_memory: int | None
    workers: int | None
    scheduler: str | None
    options: Mapping[str, Any] | None
    store: bool | str | os.PathLike[str]
    progress: bool | None


class AnswerParameters(AnswerOptions, total=False):
    """Every keyword parameter of :func:`answer`: :class:`AnswerOptions` and ``open_hand``."""

    open_hand: bool


@overload
def answer(position: Any, *, open_hand: Literal[True], **options: Unpack[AnswerOptions]) -> Solved: ...


@overload
def answer(position: Any, *, open_hand: bool = False, **options: Unpack[AnswerOptions]) -> Solved | SeatAnswer: ...


def answer(position: Any, *, as_player: int | None = None, method: str | None = None, samples: int | None = None,
           seed: int | None = None, time: float | None = DEFAULT_SECONDS, max_nodes: int | None = None,
           max_memory: int | None = None, workers: int | None = None, scheduler: str | None = None,
           open_hand: bool = False, options: Mapping[str, Any] | None = None,
           store: bool | str | os.PathLike[str] = False, progress: bool | None = None) -> Solved | SeatAnswer:
    """The best moves of a position: exactly the answer ``foolsolve POSITION.json`` gives, by the
    same code (:func:`foolsolve.cli.answer_position`), with the command's defaults; ``to_json()`` is
    what ``foolsolve POSITION.json --json`` prints.

    ``position``: a position or view file's path, its JSON (a dict or text), a
    :class:`foolsolve.Position`, a :class:`foolsolve.worlds.View` or a spec state. A full position
    the exact solver covers gets the exact answer (the open-hand search's where it does not finish
    in half of ``time``); a view (hidden cards), ``as_player=P``, or a position whose player to move
    cannot see every card that matters, the answer from that seat: the game's own exact solver
    from the seat where it has one (Three Fools' round odds), else the seat analysis with its
    deeper rounds and its second opinion (docs/seat.md).

    The parameters are the command's options: ``as_player`` (``--as``), ``method`` (``auto``,
    ``exact``, ``pimc``, ``ismcts``), ``samples``, ``seed``, ``time`` (seconds, default 20 as the
    command's; 0 or ``None``: no limit), ``max_nodes``, ``max_memory`` (MiB), ``workers`` and
    ``scheduler`` (as the command's: they spread the seat analysis' worlds, and for a full position
    giving either asks for the answer from the seat), ``open_hand``
    (``--open-hand``), ``options`` (``-o KEY=VALUE`` as ``{KEY: VALUE}``) and ``store``: ``False``
    (the default: no result store), ``True`` (the command's default store) or a file name.
    ``progress``: where the status lines of the solve show (:func:`foolsolve.progress.plain_lines`):
    ``None`` (the default) on a terminal only, as the command's; ``True`` also where stderr is no
    terminal (a notebook), as a plain line every few seconds; ``False`` nowhere.

    Returns a :class:`Solved` (a :class:`~foolsolve.solver.base.SolveResult`) or a
    :class:`foolsolve.seat.SeatAnswer`; ``str()`` of either, and its notebook display, is the
    command's text. For a type checker ``open_hand=True`` gives a :class:`Solved`; otherwise the
    position decides (narrow with ``isinstance``). Ctrl-C returns the answer so far, ``interrupted`` set, where there is one.
    Bad input is a one-line :class:`~foolsolve.errors.InputError`; where it names an option, it
    names the parameter."""
    import time as clock

    started = clock.perf_counter()  # time counts from the call: reading the position and the imports too
    from foolsolve.cli import answer_position
    from foolsolve.progress import checked_shown, plain_lines

    checked_shown(progress)
    with option_names(PYTHON_NAMES), plain_lines(progress):  # errors and the status line name the parameters
        request = request_of(as_player=as_player, method=method, samples=samples, seed=seed, time=time,
                             max_nodes=max_nodes, max_memory=max_memory, workers=workers, scheduler=scheduler,
                             open_hand=open_hand, options=options)
        request.started = started
        info, state = read_position(position)
        from foolsolve.store import open_wait

        db = _open_store(store, open_wait(request.seconds, started) if store not in (False, None) else None)
        try:
            done = answer_position(info, state, request, db)
        finally:
            if db is not None:
                db.close()
    if isinstance(done.answer, SolveResult):
        return Solved.of(done.answer, done.state, interrupted=done.stop is not None)
    return done.answer


def answer_text(position: Any, **options: Unpack[AnswerParameters]) -> str:
    """The text ``foolsolve POSITION.json`` prints: ``str(answer(position, **options))``."""
    return answer(position, **options).text()


def _check_view_answer(info: GameInfo, worlds: Any, player: int, world: Any, result: SolveResult) -> None:
    """That :func:`answer` of player ``player``'s view (``worlds``, ``world`` one of them) gives a
    :class:`Solved` like ``result``: a finished game (its result, checked by :func:`_check_finished`),
    a position where only chance is left (:func:`foolsolve.solver.open_hand.chance_only_view`) or the
    game's own exact solver answering from her seat (:func:`foolsolve.seat_exact.seat_exact`;
    Three Fools' round odds: the leader's, or a follower's own ``best_response``, whose odds say
    ``held``), and ``result`` not said to be from another player's view; else the one-line
    :class:`InputError` (a view the seat analysis answers gets a :class:`~foolsolve.seat.SeatAnswer`)."""
    from foolsolve.seat_exact import seat_exact, seat_exact_note
    from foolsolve.solver.open_hand import chance_walk

    if info.spec.is_terminal(world):
        return
    if chance_walk(info, world) is not None:  # only chance is left: answer() gives the exact chance-only answer
        return
    extra = {"best_response": player} if isinstance(result.value, dict) and "held" in result.value else {}
    try:
        own = seat_exact(info, worlds, extra, world=world)
    except InputError:
        own = None
    if own is None:
        raise InputError(f"position: player {player}'s view, which answer() answers from her seat (a SeatAnswer, "
                         "SeatAnswer.from_json), not with this result of the game's exact solver")
    other = next((q for q in range(info.spec.max_players) if q != player and seat_exact_note(q) in result.notes), None)
    if other is not None:
        raise InputError(f"position: player {player}'s view, and the result is answered from player {other}'s view")


def _check_finished(info: GameInfo, state: Any, result: SolveResult) -> None:
    """That ``result``, read back with the finished position ``state``, is the answer the position
    fixes, made as :func:`answer` makes it: the game's solver's answer for the player to move
    (:func:`foolsolve.cli.answer_position`, nothing searched), or the result read off the rules
    (:func:`foolsolve.solver.open_hand.game_over_result`), each from ``result.player``'s seat where
    it names one (:func:`foolsolve.cli.finished_for_seat`): its value kind, value, player and
    result the same; else a one-line :class:`InputError`."""
    from foolsolve.cli import SolveRequest, answer_position, finished_for_seat
    from foolsolve.solver.open_hand import game_over_result

    keys = ("value_kind", "value", "player", "result")
    given = result.to_json()
    made = [game_over_result(info, state)]
    try:
        made.insert(0, answer_position(info, state, SolveRequest()).answer)
    except InputError:  # no solver's answer here: the result read off the rules is the answer
        pass
    if result.player is not None:
        made = [finished_for_seat(info, state, m, result.player) for m in made]
    fixed = [{k: m.to_json().get(k) for k in keys} for m in made]
    if {k: given.get(k) for k in keys} in fixed:
        return
    want = fixed[0]
    seat = f"player {want['player']}" if want["player"] is not None else f"player {result.to_move} (to move)"
    if all(given.get(k) == want[k] for k in ("value_kind", "value", "player")):
        theirs, ours = json_quoted(given.get("result")), json_quoted(want["result"])
        raise InputError(f"result: not the answer to this finished game: its result {theirs} is not the "
                         f"position's {ours}")
    raise InputError(f"result: not the answer to this finished game: its value is {json_quoted(given.get('value'))} "
                     f"({given.get('value_kind')}), and the position's is {json_quoted(want['value'])} ({want['value_kind']}) "
                     f"for {seat}")


def _check_result(result: SolveResult, info: GameInfo, state: Any) -> None:
    """What :meth:`Solved.from_json` checks of a result beyond its schema: its moves each listed
    once, its best moves among them and valued as the result, its player one of the game's; and
    where its position ``state`` is given, its player to move that position's and what the result
    store checks of a stored answer (:func:`foolsolve.store.answer_check`: its moves the legal
    moves there, its line starting with one); an :class:`InputError` naming the field."""
    from foolsolve.positions import check_mover_range, check_moves_in, check_player_in, check_player_range, check_unique
    from foolsolve.store import answer_check

    check_mover_range(result.to_move, info)
    if result.player is not None:
        check_player_range(result.player, info)
        if result.player == result.to_move:
            raise InputError(f"player: {result.player}, the player to move; a result names its player only where "
                             "the value is another's (--as P, a chance node, a search for another player)")
    texts = [m.move for m in result.moves]
    check_unique(texts + [m.move for m in result.unfinished], "moves")
    check_unique(result.best, "best")
    values = {m.move: m.value for m in result.moves}
    for i, move in enumerate(result.best):
        if move not in values:
            raise InputError(f"best[{i}]: {json_quoted(move)} is not among the result's moves")
        if result.value_kind in ("outcome", "score", "payoff") and values[move] != result.value:
            raise InputError(f"best[{i}]: {json_quoted(move)} has the value {json_quoted(values[move])}, not the "
                             f"result's {json_quoted(result.value)}")
    if state is None:
        return
    check_moves_in(info.spec, state, result.to_move, texts, first_step=True)
    if result.player is not None:
        check_player_in(result.player, info.spec, state)
    misfit = answer_check(info, state)(result.to_json())
    if misfit is not None:
        raise InputError(f"result: not an answer to the position: {misfit}")


@dataclass(repr=False, eq=False)
class Solved(SolveResult):
    """A :class:`~foolsolve.solver.base.SolveResult` that knows the position it answers, as
    :func:`answer` returns it: ``str()`` and :meth:`text` are what ``foolsolve POSITION.json``
    prints, a notebook shows that table (``_repr_html_``), and :meth:`from_json` reads
    :meth:`to_json` back. ``Solved.of(info.solve(state, options), state)`` gives the same for a
    solver's own result."""

    state: Any = field(default=None, compare=False)
    """The full position the answer is about (the game's exact solver from one seat: the world it
    read); ``None`` where it is not known (:meth:`from_json` without ``position``)."""
    interrupted: bool = False
    """Ctrl-C stopped the solve: this is the answer so far (its notes say what it proved)."""

    @classmethod
    def of(cls, result: SolveResult, state: Any = None, *, interrupted: bool = False) -> Solved:
        """``result`` with its position ``state``."""
        from foolsolve import games
        from foolsolve.errors import check_arg

        check_arg("result", result, SolveResult, "a SolveResult (info.solve(state, options))")
        if state is not None:
            games.get(result.game).spec.check_state(state)
        return cls(**{f.name: getattr(result, f.name) for f in fields(SolveResult)}, state=state,
                   interrupted=interrupted)

    @classmethod
    def from_json(cls, obj: Any, position: Any = None) -> Solved:
        """The result of its :meth:`to_json` (``foolsolve POSITION.json --json``), checked against the
        result schema (foolsolve/schemas/result.schema.json): anything else is a one-line
        :class:`InputError` naming the field, never a malformed result. ``position`` (what
        :func:`answer` takes), if given, is the position it answers, for :meth:`text`'s header,
        rules line and principal variation (else the text says less); a view, where the game's own
        exact solver answered from its seat, stands for the world :func:`answer` read of it without
        a ``seed`` (:func:`foolsolve.seat_exact.seat_exact`: the same answer from every world)."""
        from foolsolve import games
        from foolsolve.positions import check_finite, validate_schema
        from foolsolve.store import result_from_json
        from foolsolve.worlds import View

        if not isinstance(obj, dict):
            raise InputError(f"result: a JSON {type(obj).__name__}, not an object")
        check_finite(obj, "result")
        validate_schema(obj, "result.schema.json", root="result")
        try:
            result = result_from_json(obj)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise InputError(f"result: not a solve result ({type(exc).__name__}: {exc})") from None
        state = None
        if position is not None:
            info, state = read_position(position)
            if info.name != result.game:
                raise InputError(f"position: a {info.name} position, and the result is of {result.game}")
            if isinstance(state, View):
                # the game's own exact solver answered from the view's seat (Three Fools' round odds) on
                # one world of it: the one answer reads without a seed, which every check below is against
                from foolsolve.worlds import worlds_of_view

                worlds = worlds_of_view(state)
                view, state = state, worlds.first()
                _check_view_answer(info, worlds, view.player, state, result)
        _check_result(result, games.get(result.game), state)
        if state is not None and info.spec.result(state) is not None:
            _check_finished(info, state, result)
        return cls.of(result, state)

    def payoff(self, player: int | None = None) -> float | None:
        """The answer as ``player``'s payoff on the seat analysis' scale, the game's own results
        (docs/seat.md, "The scale"; docs/python.md, "One scale for every answer"), so that a
        :class:`Solved` and a :class:`~foolsolve.seat.SeatAnswer` compare; ``None`` where the
        answer fixes none. ``player``: default the player :attr:`value` is about
        (:attr:`player`, else :attr:`to_move`).

        * ``win``/``draw``/``loss`` of a two-player zero-sum game: the top of the game's bounds,
          0, the bottom for the player it is about, the negative for the other (as the seat
          analysis reads the exact solver);
        * a ``payoff`` or ``estimate`` value: that number for the player it is about
          (:attr:`player`, else :attr:`to_move`; another player: ``None``);
        * otherwise (a ``score``: Fool's Paradise's score difference; Foolery's first-out race)
          the player's payoff where the principal variation ends (:attr:`result`): her final
          score, her title's payoff; ``None`` without a line to the end;
        * ``odds`` and ``equilibrium`` (Three Fools' round odds and a round's equilibrium payoff:
          a round, not the game): ``None``.

        Existing fields keep their meaning: :attr:`value` stays the solver's own number."""
        from fractions import Fraction

        from foolsolve import games
        from foolsolve.solver.base import DRAW, LOSS, WIN

        about = self._value_player()
        payoffs = None if self.result is None else [Fraction(x) for x in self.result.get("payoffs", [])]
        count = len(payoffs) if payoffs else (None if self.state is None else
                                              games.get(self.game).spec.num_players(self.state))
        who = about if player is None else whole_number("player", player)
        if who is None or who < 0 or (count is not None and who >= count):
            raise InputError(f"player: expected a player of this position (0..{(count or 1) - 1}), got {quoted(player)}")
        if self.value is None:
            return None
        kind = self.value_kind
        if kind == "outcome" and self.value in (WIN, DRAW, LOSS) and count == 2:
            info = games.get(self.game)
            from foolsolve.game import Utility

            if info.spec.game_type.utility == Utility.ZERO_SUM:
                lo, hi = info.utility_bounds
                mine = {WIN: float(hi), DRAW: 0.0, LOSS: float(lo)}[self.value]
                return mine if who == about else -mine
        if kind in ("payoff", "estimate"):
            return float(Fraction(cast("int | float | str", self.value))) if who == about else None
        if kind in ("outcome", "score") and payoffs:
            return float(payoffs[who])
        return None

    def _value_player(self) -> int:
        """The player :attr:`value` is about: :attr:`player` (the solver sets it where the values are
        another's than the player to move's: ``--as P``, the open-hand search at a chance node or for
        ``-o player=P``, Foolery's paranoid search for ``-o player=P``), else :attr:`to_move`."""
        return self.to_move if self.player is None else self.player

    UNTIMED = ("nodes", "seconds", "stored", "first_solve")
    """The fields of :meth:`to_json` :meth:`same_answer` leaves out: the work and time a solve
    took, and whether it was read from the result store, not what it answers."""

    def same_answer(self, other: object) -> bool:
        """Whether ``other`` (a solve result) gives the same answer: its :meth:`to_json` equal but
        for :data:`UNTIMED` (``==`` compares every field: two runs of one solve differ in their
        seconds). ``Solved.from_json(x.to_json(), ...)`` is the same answer as ``x``."""
        if not isinstance(other, SolveResult):
            return False
        mine, theirs = self.to_json(), other.to_json()
        return ({k: v for k, v in mine.items() if k not in self.UNTIMED}
                == {k: v for k, v in theirs.items() if k not in self.UNTIMED})

    def text(self) -> str:
        """The text ``foolsolve POSITION.json`` prints (:func:`foolsolve.cli.format_result`)."""
        from foolsolve import games
        from foolsolve.cli import format_result

        return format_result(games.get(self.game), self.state, self)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        from foolsolve.solver.base import value_text

        best = ", ".join(self.best) if self.best else "none"
        stopped = ", interrupted" if self.interrupted else ""
        kind = "estimate" if self.value_kind == "estimate" else "value"  # a search that is not exact says so
        return (f"<Solved {self.game}: {kind} {value_text(self.value)} for player {self._value_player()}, best {best}"
                f"{stopped}>")

    def _repr_html_(self) -> str:
        from foolsolve.present import pre_html

        return pre_html(self.text())
