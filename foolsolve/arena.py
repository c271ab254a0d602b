"""``foolsolve arena``: bots play each other in duplicate matches (docs/arena.md).

A match is ``--games N`` deals of one game. Every deal is played once per seating: with as many bots
as seats, every distinct arrangement of the bots over the seats (each bot sits in every seat the
same number of times, as bridge and poker duplicate matches cut the luck of the deal); with fewer
bots than seats, the bots are repeated in turn to fill the table and arranged the same way; with
more, every choice of as many bots as seats. The deal, the chance outcomes and each bot's
decision seeds come from ``--seed``, the deal number and the seating, so a game does not depend on
which worker plays it or in which order: results are identical for any ``--workers`` (for bots whose
budgets are samples or iterations; a ``time=`` budget is not reproducible).

Each finished game is one JSON Lines record (``--out``), written as soon as it is back; a rerun
with the same ``--out`` plays only the games it lacks. ``foolsolve play FILE.jsonl --record K``
replays game K move by move.

Results are read off the records: for every pair of bots, every pair of seats they held in one game
is a win, a loss or a draw by the game's returns (a bot that forfeits loses to every other seat);
the score rate (draws count half) has a 95% Wilson interval, and the Elo table is fitted to all
pairwise results by maximum likelihood, anchored at ``random`` = 1000 (or the first bot), with 95%
intervals from a bootstrap over deals.
"""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import math
import numbers
import os
import random
import re
import signal
import stat
import sys
import threading
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from foolsolve import jsonout
from foolsolve.errors import InputError, cut, option_name, option_names, quoted
from foolsolve.positions import check_move_text, input_lines, not_utf8_line, open_for_writing, parse_json
from foolsolve.present import payoff_end, plural
from foolsolve.store import canonical_position

FORMAT = "foolsolve-arena/1"
MAX_MOVES = 100_000
"""A game longer than this many moves is stopped and recorded as unfinished (no game of the five
comes near it)."""
REPEATS = 5
"""A game in which one position (every card in its place, whatever the players know) comes round
this many times is stopped and recorded as unfinished: endless play (Durak with three or more
players can repeat positions, and thinking bots may go round a cycle for ever, each of its moves
costing their time)."""


@dataclass(frozen=True)
class Match:
    """Everything that decides a match's games."""

    game: str
    rules: dict[str, Any]
    players: int
    bots: tuple[str, ...]
    deals: int
    seed: int

    def __post_init__(self) -> None:
        """The match checked as ``foolsolve arena`` checks its options, each error naming the field
        (``Match.deals: expected at least 1, got -1``; :data:`MATCH_NAMES`): a known game, its rule
        options, its number of players, distinct bots each made once (an unknown bot or
        parameter), whole numbers of deals and a seed, and no more than :data:`MAX_GAMES` games; within
        ``foolsolve arena`` the errors name its options."""
        if isinstance(self.bots, (list, tuple)) and all(isinstance(b, str) for b in self.bots):
            # each label as the command reads it ('greedy ' is greedy)
            object.__setattr__(self, "bots", tuple(b.strip() for b in self.bots))
        for name in ("players", "deals", "seed"):  # a NumPy integer as an int
            value = getattr(self, name)
            if isinstance(value, numbers.Integral) and not isinstance(value, bool):
                object.__setattr__(self, name, int(value))
        with option_names(MATCH_NAMES):
            _check_match(self)

    def header(self) -> dict[str, Any]:
        return {"format": FORMAT, "game": self.game, "rules": self.rules, "players": self.players,
                "bots": list(self.bots), "seed": self.seed}


MATCH_NAMES: dict[str, str] = {"--bot": "Match.bots", "--players": "Match.players", "--games": "Match.deals",
                               "--seed": "Match.seed", "--rules": "Match.rules", "--out": "out"}
"""The arena command's options and the :class:`Match` fields (and the parameter of :func:`run`,
``out``) that stand for them, as the errors of a match's checks and of :func:`run` name them
(:func:`foolsolve.errors.option_names`)."""
RUN_NAMES: dict[str, str] = {**MATCH_NAMES, "--workers": "workers", "--scheduler": "scheduler"}
"""What the errors of :func:`run` called from Python name for the command's options."""


def _check_match(match: Match) -> None:
    """The checks of :meth:`Match.__post_init__`, their errors naming the command's options as the
    caller calls them (``--bot: each bot once ...``, ``Match.bots: ...``); an unknown game (which the
    command reads first) names ``Match.game``. The numbers first, then the bots (each made once: a ``cmd:``
    bot starts its program); the rules kept as the command keeps them, every option written
    (a record file's header is then the same from Python and from the command)."""
    from foolsolve import bots, games
    from foolsolve.api import check_seed, check_whole, whole_number
    from foolsolve.rules import rules_from_json, rules_to_json

    try:
        info = games.get(match.game)
    except InputError as exc:
        raise InputError(f"Match.{exc}") from None
    object.__setattr__(match, "game", info.name)  # the registry's name ('Durak', an alias: durak) in the header
    spec = info.spec
    rules: Any = rules_from_json(spec.rules_cls, match.rules, where=option_name("--rules"))
    object.__setattr__(match, "rules", rules_to_json(rules))
    for option, value in (("--players", match.players), ("--games", match.deals), ("--seed", match.seed)):
        if value is None:
            raise InputError(f"{option_name(option)}: expected a whole number, got None")
    n = whole_number("--players", match.players)
    if n is None or not spec.min_players <= n <= spec.max_players:
        # one form for every count out of range, 0 and -3 too
        raise InputError(f"{option_name('--players')}: {info.title} takes {spec.min_players}-{spec.max_players} players, not "
                         f"{_whole_text(n)}"
                         if n is not None else
                         f"{option_name('--players')}: {info.title} takes {spec.min_players}-{spec.max_players} players")
    check_whole("--games", match.deals, 1)
    check_seed(match.seed, "--seed")
    names = match.bots
    if not isinstance(names, tuple) or not all(isinstance(b, str) for b in names):
        raise InputError(f"{option_name('--bot')}: expected a tuple of bot names (str), got {quoted(names)}")
    if not names:
        raise InputError(f"{option_name('--bot')}: name a bot (one bot plays itself in every seat)")
    if len(set(b.strip() for b in names)) != len(names):
        raise InputError(f"{option_name('--bot')}: each bot once (the same bot twice is one player)")
    control = next((b for b in names if _CONTROL.search(b)), None)
    if control is not None:
        raise InputError(f"{option_name('--bot')}: a bot's label holds a control character: {cut(repr(control))}")
    check_size(match)
    same: dict[Any, str] = {}
    for name in names:
        bot, params, raw = bots.parse(name)
        key = (bot.name, raw.strip() if bot.raw_argument else tuple(sorted(params.items())))
        if key in same:
            raise InputError(f"{option_name('--bot')}: {quoted(same[key])} and {quoted(name)} are the same bot with the "
                             "same parameters: each bot once (the same bot twice is one player)")
        same[key] = name
    for name in names:
        # an unknown parameter value is an error before any game (and before --out is written): each
        # bot is made once here and closed
        bots.make(name).close()


_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")
"""A control character, which no bot's label holds (its results table and record file print it)."""

MAX_GAMES = 1_000_000
"""The most games a match may hold (its deals times the seatings of each deal): a larger match is
refused before any game (82 seats and two bots are about 4.2e23 seatings of one deal). The one
limit on ``--games``, whose most is this divided by a deal's seatings (:func:`check_size`)."""


def seatings(n_bots: int, players: int) -> list[tuple[int, ...]]:
    """The seatings played from every deal: tuples of bot indices, one per seat (see the module's
    docstring), in a fixed order: with as many bots as seats or fewer, the distinct arrangements of
    the bots repeated in turn, in lexicographic order (generated one by one, never through every
    permutation of the seats); with more, every choice of bots in every arrangement. There are
    :func:`count_seatings` of them: ask it first, as :func:`check_size` does, before enumerating a
    table of many seats."""
    if n_bots <= players:
        from foolsolve.worlds import distinct_permutations

        return list(distinct_permutations(i % n_bots for i in range(players)))
    out: list[tuple[int, ...]] = []
    for group in itertools.combinations(range(n_bots), players):
        out.extend(itertools.permutations(group))
    return out


def count_seatings(n_bots: int, players: int) -> int:
    """How many seatings :func:`seatings` gives, counted without enumerating them."""
    if n_bots <= players:
        q, r = divmod(players, n_bots)
        return math.factorial(players) // (math.factorial(q + 1) ** r * math.factorial(q) ** (n_bots - r))
    return math.perm(n_bots, players)


def _is_seating(labels: Sequence[str], bots: Sequence[str], players: int) -> bool:
    """Whether the bot names ``labels`` (one per seat) are one of :func:`seatings` of ``bots``,
    checked without enumerating them: with as many bots as seats or fewer, each bot as often as the
    bots repeated in turn fill the table; with more, distinct bots of the match."""
    if len(labels) != players or not all(b in bots for b in labels):
        return False
    if len(bots) > players:
        return len(set(labels)) == players
    return sorted(bots.index(b) for b in labels) == sorted(i % len(bots) for i in range(players))


def _count_text(n: int) -> str:
    if n >= 10**300:  # beyond a float (and, past 4,300 digits, beyond str): its order of magnitude
        return f"about 1e{int(n.bit_length() * 0.30103)}"
    return f"{n:,}" if n < 10**12 else f"about {n:.2g}".replace("e+", "e")


def _whole_text(n: int) -> str:
    """A whole number a message names as given (``1000000``), one too long to print said as such."""
    return str(n) if n.bit_length() <= 1000 else "a whole number of more than 300 digits"


def check_size(match: Match) -> int:
    """The number of games of ``match`` (its deals times its seatings), or the one-line
    :class:`InputError` of a match of more than :data:`MAX_GAMES` (many seats, or many bots, make
    more seatings of a deal than can be played, or enumerated)."""
    per_deal = count_seatings(len(match.bots), match.players)
    total = per_deal * match.deals
    if total > MAX_GAMES:
        most = MAX_GAMES // per_deal  # the most --games this table allows (the one limit: --games has no other)
        games = option_name("--games")
        shrink = f"use {games} {most:,} or fewer (or fewer players or bots)" if most else "use fewer players or bots"
        raise InputError(
            f"arena: {match.players} seats and {plural(len(match.bots), 'bot')} make {_count_text(per_deal)} seatings "
            f"of each deal, so {games} {_whole_text(match.deals)} would be {_count_text(total)} games, more than the limit of "
            f"{MAX_GAMES:,} games; {shrink}")
    return total


@dataclass(frozen=True)
class Task:
    """One game to play: picklable, so a worker process or machine can play it."""

    match: Match
    deal: int
    seating: tuple[int, ...]


def _seed(*parts: Any) -> int:
    return random.Random(":".join(str(p) for p in parts)).getrandbits(63)


_BOTS: dict[int, Any] = {}
"""The bots of the games this process is playing (by ``id``): each game makes its own bot for every
seat and closes them at its end (:func:`play`), so an external program serves one seat of one game;
this table is what a worker's SIGTERM and its exit end (:func:`close_bots`)."""

_FINALIZED = False
"""Whether this process closes its bots as it exits (:func:`_bot`)."""


def _bot(label: str) -> Any:
    """A new bot ``label`` for one seat of one game, noted in :data:`_BOTS` until :func:`_unbot`."""
    from foolsolve import bots

    global _FINALIZED
    if not _FINALIZED:
        # a worker process ends without the arena's close_bots: its external programs (and what
        # they started, in sessions of their own) are ended as it exits, or as the pool stops it on
        # Ctrl-C (SIGTERM)
        import multiprocessing
        from multiprocessing import util

        util.Finalize(None, close_bots, exitpriority=10)
        if (multiprocessing.parent_process() is not None and threading.current_thread() is threading.main_thread()
                and signal.getsignal(signal.SIGTERM) == signal.SIG_DFL):
            signal.signal(signal.SIGTERM, _terminated)
        _FINALIZED = True
    bot = bots.make(label)
    _BOTS[id(bot)] = bot
    return bot


def _unbot(bot: Any) -> None:
    """Close a bot :func:`_bot` made (its game is over or abandoned) and forget it."""
    try:
        bot.close()
    finally:
        _BOTS.pop(id(bot), None)


def _terminated(signum: int, frame: Any) -> None:
    """A worker's SIGTERM (the pool stopped on Ctrl-C): its external programs' process groups
    killed (no wait, no lock: the signal may come while this thread holds one), then the end
    SIGTERM gives."""
    for bot in list(_BOTS.values()):
        kill = getattr(bot, "kill_group", None)
        if kill is not None:
            kill()
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    os.kill(os.getpid(), signal.SIGTERM)


_terminated.held = True  # type: ignore[attr-defined]
# held back while an external program starts (foolsolve.executor.SigintHeld): run between the fork and
# the bot's taking the process, it would miss that program, which would outlive the worker


def close_bots() -> None:
    """Stop the bots of every game this process is still playing (external programs)."""
    for bot in list(_BOTS.values()):
        _unbot(bot)


def play(task: Task) -> dict[str, Any]:
    """Play one game and return its record (module-level, so workers can run it)."""
    from foolsolve import games
    from foolsolve.rules import rules_from_json, rules_to_json

    m = task.match
    info = games.get(m.game)
    spec = info.spec
    rules: Any = rules_from_json(spec.rules_cls, m.rules)
    state = deal_of(m, task.deal)
    start = spec.state_to_json(state)
    rules_json = rules_to_json(rules)
    chance = random.Random(_seed(m.seed, "chance", task.deal))
    labels = [m.bots[i] for i in task.seating]
    players: list[Any] = []
    try:
        # a bot of its own for every seat of this game, closed at its end: an external program
        # serves one seat of one game and never sees another seat's cards
        for p, label in enumerate(labels):
            players.append(_bot(label))
            players[-1].start(m.game, p, m.players, rules_json)
        return _played(task, spec, info, state, start, rules_json, chance, labels, players)
    finally:
        for bot in players:
            _unbot(bot)


class Abandoned(Exception):
    """A game whose match gave it up (the Dask task playing it was cancelled: the match stopped by
    Ctrl-C, its client gone): :func:`play` stops it at its next move, its bots closed."""


def _abandoned() -> bool:
    """Whether this game runs as a Dask task that was cancelled (a worker goes on running a task
    its client gave up: the game would play on, its programs running, until its end)."""
    worker_module = sys.modules.get("distributed.worker")
    if worker_module is None:
        return False  # no Dask in this process
    key = getattr(worker_module.thread_state, "key", None)
    if key is None:
        return False  # not a Dask task's thread
    try:
        worker = worker_module.get_worker()
    except ValueError:
        return False
    task = worker.state.tasks.get(key)
    return task is None or task.state in ("cancelled", "released", "forgotten")


def _played(task: Task, spec: Any, info: Any, state: Any, start: Any, rules_json: dict[str, Any], chance: Any,
            labels: list[str], players: list[Any]) -> dict[str, Any]:
    """:func:`play`'s game, its bots made and started."""
    from foolsolve import bots
    from foolsolve.game import CHANCE, draw_chance, legal_or_family, public_records
    from foolsolve.worlds import view_of

    m = task.match
    seconds = [0.0] * m.players
    cpu = [0.0] * m.players
    decisions = [0] * m.players
    history: list[list[str]] = [[] for _ in range(m.players)]
    played: list[list[Any]] = [[] for _ in range(m.players)]  # every move as each seat saw it (Seat.played)
    moves: list[str] = []
    forfeit: dict[str, Any] | None = None
    finished = True
    stopped = None
    seen: dict[int, int] = {}
    while True:
        if _abandoned():
            raise Abandoned(f"deal {task.deal}, seating {', '.join(labels)}")
        legal, family = legal_or_family(spec, state)  # a family: too many moves to list (Seat.family)
        if not legal and family is None:
            break
        if len(moves) >= MAX_MOVES:
            finished, stopped = False, f"after {MAX_MOVES} moves"
            break
        position = hash(canonical_position(spec, state))
        seen[position] = seen.get(position, 0) + 1
        if seen[position] >= REPEATS:
            finished, stopped = False, f"endless play: a position came round {REPEATS} times"
            break
        mover = spec.to_move(state)
        if mover == CHANCE:
            move = draw_chance(spec.chance_outcomes(state), chance)
        else:
            seat = bots.Seat(game=info.name, player=mover, players=m.players, rules=rules_json,
                             view=view_of(info, state, mover), legal=tuple(legal),
                             seed=_seed(m.seed, "move", task.deal, task.seating, len(moves)),
                             history=tuple(history[mover]), played=tuple(played[mover]), family=family)
            t0, c0 = time.perf_counter(), time.thread_time()
            try:
                move = players[mover].choose(seat)
            except bots.Forfeit as exc:
                forfeit = {"seat": mover, "bot": labels[mover], "reason": str(exc)}
                break
            finally:
                seconds[mover] += time.perf_counter() - t0
                cpu[mover] += time.thread_time() - c0
                decisions[mover] += 1
            if not seat.is_legal(move):
                forfeit = {"seat": mover, "bot": labels[mover], "reason": f"illegal move {move!s:.60}"}
                break
            history[mover].append(str(move))
        moves.append(str(move))
        after = spec.apply(state, move)
        for records, seen_as in zip(played, public_records(spec, state, move, after, range(m.players))):
            records.append(seen_as)
        state = after
    returns = None
    if forfeit is None and finished:
        returns = [float(x) for x in spec.returns(state)]
    record = {"deal": task.deal, "seating": labels, "start": start, "moves": moves, "returns": returns,
              "forfeit": forfeit, "finished": finished and forfeit is None,
              "seconds": [round(s, 6) for s in seconds], "cpu": [round(s, 6) for s in cpu], "decisions": decisions}
    if stopped is not None:
        record["stopped"] = stopped
    return record


def key_of(record: dict[str, Any]) -> tuple[int, tuple[str, ...]]:
    """A record's game: its deal and seating."""
    return int(record["deal"]), tuple(record["seating"])


def read_records(path: Path, match: Match, numbers: dict[tuple[int, tuple[str, ...]], int] | None = None
                 ) -> list[dict[str, Any]]:
    """The finished games of an earlier run of the same match in ``path`` (a torn last line, from
    a run killed while writing, is cut off, and so are blank lines at the end: the games a rerun
    appends follow the last record). Blank lines are skipped, as ``play --record`` and ``batch``
    skip them. A file holding another match is an error. ``numbers``, where given, gets each
    record's game number in the file (what ``play --record K`` takes), by its game (:func:`key_of`)."""
    if not path.exists() or not path.is_file():
        return []  # a device or a pipe (/dev/null): nothing to resume from, and /dev/zero never ends
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(f"{option_name('--out')}: cannot read {path}: {exc.strerror or exc}") from None
    if not data.strip():
        if data:
            _cut(path, 0)  # blank lines only: nothing recorded, the header goes first
        return []
    complete = data[: data.rfind(b"\n") + 1]
    if not complete.strip() and (json.dumps(match.header(), ensure_ascii=False) + "\n").encode().startswith(
            data.lstrip()):
        _cut(path, 0)  # this match's own header, torn: the run that wrote it was killed at once
        return []
    # each line by its line end alone (str.splitlines also splits at U+2028 and other separators
    # that a record's text may hold as they are), with its line number and where it ends
    lines: list[tuple[int, str]] = []
    end = keep = 0
    for n, raw in enumerate(complete.split(b"\n")[:-1], start=1):
        end += len(raw) + 1
        if raw.strip():
            try:
                lines.append((n, raw.decode("utf-8")))
            except UnicodeDecodeError as exc:  # read strictly, as play --record reads it
                where = f"{path} is not an arena record file:" if not lines else str(path)  # (the header's line)
                raise InputError(f"{option_name('--out')}: {where} {not_utf8_line(n, raw, exc)}") from None
            keep = end
    try:
        header = parse_json(lines[0][1], "header") if lines else None
    except InputError:
        header = None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise InputError(f"{option_name('--out')}: {path} is not an arena record file (its first line is not a {FORMAT} "
                         "header)")
    if header != match.header():
        raise InputError(f"{option_name('--out')}: {path} holds another match ({_header_difference(header, match.header())}); "
                         "use another file")
    records = []
    seen: dict[tuple[int, tuple[str, ...]], str] = {}
    for n, line in lines[1:]:
        try:
            rec = parse_json(line, f"line {n}")
        except InputError as exc:
            raise InputError(f"{option_name('--out')}: {path} line {n} is not JSON ({exc})") from None
        problem = _record_check(rec, header, seen, f"line {n}")
        if problem:
            raise InputError(f"{option_name('--out')}: {path} line {n} {problem}: each game is recorded once"
                             if problem.startswith("repeats") else f"{option_name('--out')}: {path} line {n} {problem}")
        records.append(rec)
        if numbers is not None:
            numbers[key_of(rec)] = len(records)
    if keep != len(data):
        _cut(path, keep)  # only now, the file known to be this match's: a refused file is left as it was
    return records


def _header_difference(have: dict[str, Any], want: dict[str, Any]) -> str:
    """What a record file's header ``have`` says that this match's ``want`` does not, the first
    field that differs: ``its seed is 9, this match's 1``, ``its rule deck is 52, this match's 36``."""
    def shown(value: Any) -> str:
        return cut(json.dumps(value, ensure_ascii=False))

    for key in ("game", "players", "bots", "seed"):
        if have.get(key) != want[key]:
            return f"its {key} {'are' if key == 'bots' else 'is'} {shown(have.get(key))}, this match's {shown(want[key])}"
    rules = have.get("rules")
    if not isinstance(rules, dict):
        return f"its rules are {shown(rules)}, this match's {shown(want['rules'])}"
    for key in sorted(set(rules) | set(want["rules"])):
        if key not in want["rules"]:
            return f"its rules set {key}, which this match's do not"
        if rules.get(key) != want["rules"][key]:
            return (f"its rule {key} is {shown(rules[key]) if key in rules else 'not set'}, this match's "
                    f"{shown(want['rules'][key])}")
    extra = sorted(set(have) - set(want))
    return f"its header has {', '.join(extra)}, which this match's has not" if extra else "its header differs"


def _cut(path: Path, size: int) -> None:
    """Cut the torn last line off the record file ``path``, keeping its first ``size`` bytes."""
    try:
        with open(path, "r+b") as f:
            f.truncate(size)
    except OSError as exc:
        raise InputError(f"{option_name('--out')}: cannot repair {path} (its last line is torn): "
                         f"{exc.strerror or exc}") from None


def deal_of(match: Match, deal: int) -> Any:
    """The start position of the match's deal ``deal``, dealt from its seed (:func:`play`)."""
    return _dealt(match.header(), deal)


def _dealt(header: dict[str, Any], deal: int) -> Any:
    """The start position of deal ``deal`` of the match a record file's (valid) ``header`` names,
    dealt from its seed: what :func:`deal_of` deals, read off the header (a record file replayed
    where its bots' programs are not installed has no :class:`Match`)."""
    from foolsolve import games
    from foolsolve.rules import rules_from_json

    spec = games.get(header["game"]).spec
    rules: Any = rules_from_json(spec.rules_cls, header["rules"])
    return spec.deal(rules, header["players"], random.Random(_seed(header["seed"], "deal", deal)))


MAX_SECONDS = 1e9
"""The most seconds (wall or CPU) a game record may give one seat (about 30 years): a larger number
is no measurement but a damaged record."""


def header_problem(header: Any) -> str:
    """What makes ``header`` (the first line of a record file) no arena header, or ``""``: its
    format, game, rules, players, bots and seed are read as a match's."""
    from foolsolve import games
    from foolsolve.rules import rules_from_json

    if not isinstance(header, dict) or header.get("format") != FORMAT:
        return f"no {FORMAT} header"
    name = header.get("game")
    if not isinstance(name, str):
        return "the header names no game"
    try:
        info = games.get(name)
    except InputError:
        return f"the header's game {json.dumps(name)[:40]} is not a game"
    try:
        rules_from_json(info.spec.rules_cls, header.get("rules"), where="the header's rules")
    except InputError as exc:
        return str(exc)
    players = header.get("players")
    spec = info.spec
    if not isinstance(players, int) or isinstance(players, bool) or \
            not spec.min_players <= players <= spec.max_players:
        return f"the header's players is {json.dumps(players)[:40]}, not {spec.min_players}-{spec.max_players}"
    bots = header.get("bots")
    if not isinstance(bots, list) or not bots or not all(isinstance(b, str) for b in bots) \
            or len(set(bots)) != len(bots):
        return "the header's bots are not distinct bot names (one bot plays itself in every seat)"
    seed = header.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        return "the header's seed is not a whole number"
    return ""


def record_problem(rec: Any, header: dict[str, Any], seen: dict[tuple[int, tuple[str, ...]], str] | None = None,
                   here: str = "") -> str:
    """What makes ``rec`` no game record of the match ``header`` names (a valid header:
    :func:`header_problem`), or ``""``: every field is checked, and the game is replayed from its
    start, which must be the deal the header's seed gives for its deal number (a position of the
    header's game, players and rules): every move legal, and the end as the record says (the
    returns the game gives at its end, a forfeit at the forfeiting seat's turn, an unfinished game
    not over). With ``seen`` (the games met so far, each with where: ``line 2``), a game met before
    is a problem too (``repeats the game of line 2 (deal 0, seating ...)``), and the record's game,
    met at ``here``, is noted in it. ``foolsolve arena`` checks the records it resumes from with
    it, ``foolsolve play --record`` the game it replays."""
    problem = _record_fields_problem(rec, header)
    if problem or seen is None:
        return problem
    key = key_of(rec)
    if key in seen:
        return f"repeats the game of {seen[key]} (deal {key[0]}, seating {', '.join(key[1])})"
    seen[key] = here
    return ""


def _record_fields_problem(rec: Any, header: dict[str, Any]) -> str:
    """:func:`record_problem` of one record, alone."""
    from foolsolve import games
    from foolsolve.game import CHANCE, legal_or_family
    from foolsolve.rules import rules_from_json, rules_to_json

    players, bots = header["players"], header["bots"]

    def numbers(x: Any, kind: type | tuple[type, ...] = (int, float)) -> bool:
        return (isinstance(x, list) and len(x) == players
                and all(isinstance(v, kind) and not isinstance(v, bool) for v in x))

    if not isinstance(rec, dict):
        return "not an object"
    deal = rec.get("deal")
    if not isinstance(deal, int) or isinstance(deal, bool) or deal < 0:
        return "deal: not a deal number"
    start = rec.get("start")
    if not isinstance(start, dict):
        return "start: not a position"
    start = dict(start)
    problem = _start_against_header(start, header)
    if problem:
        return f"start: {problem}"
    spec = games.get(header["game"]).spec
    try:
        state = spec.state_from_json(start)
    except InputError as exc:
        return f"start: {exc}"
    if spec.num_players(state) != players:
        return f"start: the game's start position has {spec.num_players(state)} players, but the header {players}"
    got, want = (rules_to_json(spec.rules_of(state)),
                 rules_to_json(rules_from_json(spec.rules_cls, header["rules"])))
    other = next((k for k in sorted(want) if got.get(k) != want[k]), None)
    if other is not None:
        return (f"start: the game's start position has rule {other} = {json.dumps(got.get(other))[:40]}, but the "
                f"header {json.dumps(want[other])[:40]}")
    seating = rec.get("seating")
    if not isinstance(seating, list) or not all(isinstance(b, str) for b in seating) \
            or not _is_seating(seating, bots, players):
        return f"seating: {json.dumps(seating)[:80]} is not a seating of the match's bots"
    moves = rec.get("moves")
    if not isinstance(moves, list):
        return "moves: not a list of moves"
    bad = next((i for i, m in enumerate(moves, 1) if not isinstance(m, str)), None)
    if bad is not None:
        return f"moves: move {bad} is {json.dumps(moves[bad - 1])[:40]}, not a move's text"
    end, turns = state, 0
    for i, text in enumerate(moves, 1):
        turns += spec.to_move(end) != CHANCE
        try:
            check_move_text(text, f"move {i}")
            move = spec.parse_move(end, text)
        except InputError as exc:
            return f"moves: move {i} ({json.dumps(text)[:40]}) is not legal there ({exc})"
        try:
            end = spec.apply(end, move)
        except InputError as exc:
            return f"moves: move {i} ({json.dumps(text)[:40]}): {exc}"
    listed, family = legal_or_family(spec, end)
    over = not listed and family is None
    finished = rec.get("finished", True)
    if not isinstance(finished, bool):
        return "finished: not true or false"
    if rec.get("stopped") is not None and not isinstance(rec["stopped"], str):
        return "stopped: not a text"
    forfeit = rec.get("forfeit")
    if forfeit is not None:
        if not (isinstance(forfeit, dict) and isinstance(forfeit.get("seat"), int)
                and not isinstance(forfeit["seat"], bool) and 0 <= forfeit["seat"] < players
                and forfeit.get("bot") == seating[forfeit["seat"]] and isinstance(forfeit.get("reason"), str)):
            return "forfeit: not a forfeit of a seat (its seat, bot and reason)"
        if over or spec.to_move(end) != forfeit["seat"] or finished:
            return f"forfeit: seat {forfeit['seat']} forfeits where the moves leave it not to move"
    returns: Any = rec.get("returns")
    if forfeit is not None or not finished:
        if returns is not None:
            return "returns: a game forfeited or unfinished has none (null)"
        if forfeit is None and over:
            return "finished: false, but the moves end the game"
    else:
        if not numbers(returns) or not all(math.isfinite(x) for x in returns):
            return f"returns: not {players} numbers"
        if not over:
            return "returns: the moves do not end the game"
        lo, hi = spec.payoff_range(state)
        if not all(lo <= x <= hi for x in returns):
            return (f"returns: {json.dumps(returns)[:80]} is outside the game's payoffs ({payoff_end(lo)} to "
                    f"{payoff_end(hi)})")
        true = [float(x) for x in spec.returns(end)]
        if not all(math.isclose(x, y, rel_tol=1e-9, abs_tol=1e-9) for x, y in zip(returns, true)):
            return f"returns: {json.dumps(returns)[:80]}, but the moves end the game with {json.dumps(true)[:80]}"
    for key in ("seconds", "cpu"):
        if key in rec or key == "seconds":
            if not numbers(rec.get(key)) or not all(0 <= x <= MAX_SECONDS for x in rec[key]):
                return f"{key}: not {players} numbers of seconds (0 to {MAX_SECONDS:.0e})"
    turns += forfeit is not None  # a seat that forfeits was asked for a move
    decisions: Any = rec.get("decisions")
    if not numbers(decisions, int) or not all(0 <= x for x in decisions) or sum(decisions) > turns:
        return f"decisions: not {players} counts of the game's {plural(turns, 'turn')}"
    want = json.loads(json.dumps(spec.state_to_json(_dealt(header, deal))))
    if {**start, "game": want.get("game", start.get("game"))} != want:
        return f"its start is not deal {deal} of seed {header['seed']}"
    return ""


@dataclass
class PairResult:
    """One bot against another, from the first's side: each pair of seats the two held in one game
    is one comparison, a win, a loss or a draw (in a game of more than two players a game gives
    several: two seats of one bot against one of the other give two)."""

    wins: int = 0
    losses: int = 0
    draws: int = 0
    games: int = 0
    """The games in which the two bots met (and a comparison was made: not an unfinished game)."""

    @property
    def comparisons(self) -> int:
        """The comparisons: :attr:`wins`, :attr:`losses` and :attr:`draws` together."""
        return self.wins + self.losses + self.draws

    @property
    def score(self) -> float:
        return self.wins + self.draws / 2


@dataclass
class Summary:
    """The results of a match, read off its records."""

    bots: tuple[str, ...]
    games: int = 0
    pairs: dict[tuple[str, str], PairResult] = field(default_factory=dict)
    elo: dict[str, float] = field(default_factory=dict)
    elo_ci: dict[str, tuple[float, float]] = field(default_factory=dict)
    seconds: dict[str, float] = field(default_factory=dict)
    cpu: dict[str, float] = field(default_factory=dict)
    """CPU seconds of the thread that played, per bot (an external program's own CPU is not in it)."""
    decisions: dict[str, int] = field(default_factory=dict)
    forfeits: list[dict[str, Any]] = field(default_factory=list)
    unfinished: int = 0
    stopped: list[dict[str, Any]] = field(default_factory=list)
    """Each unfinished game's deal and why it was stopped."""
    anchor: str = ""
    match: Match | None = field(default=None, repr=False, compare=False)
    """The match the results are of (:func:`summarise`), for :func:`text_table`."""

    def __str__(self) -> str:
        """The table ``foolsolve arena`` prints (:func:`text_table`), where the summary knows its match."""
        return text_table(self.match, self) if self.match is not None else repr(self)

    def _repr_html_(self) -> str:
        from foolsolve.present import pre_html

        return pre_html(str(self))

    def to_json(self) -> dict[str, Any]:
        from foolsolve.stats import wilson

        pairs = []
        for (a, b), r in sorted(self.pairs.items()):
            n = r.comparisons
            lo, hi = wilson(r.score, n)
            pairs.append({"bot": a, "opponent": b, "wins": r.wins, "losses": r.losses, "draws": r.draws,
                          "comparisons": n, "games": r.games, "score_rate": r.score / n if n else None,
                          "ci95": [round(lo, 6), round(hi, 6)]})
        return {"games": self.games, "pairs": pairs, "anchor": self.anchor,
                "elo": [{"bot": b, "elo": round(self.elo[b], 1),
                         "ci95": [round(x, 1) if math.isfinite(x) else None for x in self.elo_ci[b]],
                         "seconds_per_move": self.seconds[b] / self.decisions[b] if self.decisions[b] else None,
                         "cpu_seconds_per_move": self.cpu[b] / self.decisions[b] if self.decisions[b] else None,
                         "moves": self.decisions[b]}
                        for b in sorted(self.bots, key=lambda b: -self.elo[b]) if self.games],  # none of no game
                "forfeits": self.forfeits, "unfinished": self.unfinished, "stopped": self.stopped}


def pair_outcomes(record: dict[str, Any]) -> list[tuple[str, str, float]]:
    """Every pair of seats held by two different bots in one game: ``(bot, other, score)`` with
    score 1, 0 or 0.5 for the first (each pair once, the lower seat first)."""
    labels = record["seating"]
    out = []
    forfeit = record.get("forfeit")
    returns = record.get("returns")
    for i, j in itertools.combinations(range(len(labels)), 2):
        if labels[i] == labels[j]:
            continue
        if forfeit is not None:
            if forfeit["seat"] not in (i, j):
                continue
            s = 0.0 if forfeit["seat"] == i else 1.0
        elif returns is None:
            continue
        else:
            s = 1.0 if returns[i] > returns[j] else 0.0 if returns[i] < returns[j] else 0.5
        out.append((labels[i], labels[j], s))
    return out


def summarise(match: Match, records: Sequence[dict[str, Any]], bootstrap: int = 200) -> Summary:
    """Pairwise results, Elo with intervals and time per move, from the records (the games of
    ``match``, each once: checked as a resumed record file's are, :func:`check_records`);
    ``bootstrap``: the resamples of each Elo interval."""
    from foolsolve.api import check_whole

    if not isinstance(match, Match):
        raise InputError(f"match: expected an arena.Match, got {type(match).__name__}")
    resamples = check_whole("bootstrap", bootstrap, 1)
    return summary_of(match, check_records(records, match), 200 if resamples is None else resamples)


def summary_of(match: Match, records: Sequence[dict[str, Any]], bootstrap: int = 200,
               numbers: dict[tuple[int, tuple[str, ...]], int] | None = None) -> Summary:
    """:func:`summarise` of records known to be the match's (:func:`run`'s own, unchecked);
    ``numbers``: each game's number in the record file (:func:`run`'s), named with its forfeit or
    its stop."""
    from foolsolve.stats import elo, elo_intervals

    bots = match.bots
    index = {b: i for i, b in enumerate(bots)}
    s = Summary(bots=bots, seconds={b: 0.0 for b in bots}, cpu={b: 0.0 for b in bots}, decisions={b: 0 for b in bots},
                match=match)
    blocks: dict[int, list[tuple[int, int, float]]] = {}
    for rec in records:
        s.games += 1
        game = {"deal": rec["deal"], "seating": list(rec["seating"]),
                "record": (numbers or {}).get(key_of(rec))}  # the game, and where play --record finds it
        if rec.get("forfeit"):
            s.forfeits.append({**game, **rec["forfeit"]})
        elif not rec.get("finished", True):
            s.unfinished += 1
            s.stopped.append({**game, "reason": rec.get("stopped", f"after {MAX_MOVES} moves")})
        for label, sec, cpu, n in zip(rec["seating"], rec["seconds"], rec.get("cpu", rec["seconds"]),
                                      rec["decisions"]):
            s.seconds[label] += sec
            s.cpu[label] += cpu
            s.decisions[label] += n
        met: set[tuple[str, str]] = set()
        for a, b, score in pair_outcomes(rec):
            for x, y, sc in ((a, b, score), (b, a, 1 - score)):
                r = s.pairs.setdefault((x, y), PairResult())
                if (x, y) not in met:
                    met.add((x, y))
                    r.games += 1
                if sc == 1:
                    r.wins += 1
                elif sc == 0:
                    r.losses += 1
                else:
                    r.draws += 1
            blocks.setdefault(int(rec["deal"]), []).append((index[a], index[b], score))
    s.anchor = "random" if "random" in index else bots[0]
    anchor = index[s.anchor]
    games = [g for block in blocks.values() for g in block]
    ratings = elo(len(bots), games, anchor=anchor)
    block_list = [blocks[k] for k in sorted(blocks)]
    # the bootstrap resamples deals: with fewer than two it resamples one deal every time, and an
    # interval of width 0 would claim a certainty one deal cannot give
    intervals = (elo_intervals(len(bots), block_list, anchor=anchor, samples=bootstrap, seed=match.seed)
                 if len(block_list) >= 2 else
                 [(r, r) if i == anchor else (-math.inf, math.inf) for i, r in enumerate(ratings)])
    s.elo = dict(zip(bots, ratings))
    s.elo_ci = dict(zip(bots, intervals))
    return s


def check_records(records: Any, match: Match, name: str = "records") -> list[dict[str, Any]]:
    """``records`` (game records, as :func:`run` returns them) as a list, each checked as
    :func:`read_records` checks a record file's lines (:func:`record_problem`, the deal the match's
    seed gives, each game once); else a one-line :class:`InputError` naming ``name`` and the record
    (``records[3]: ...``)."""
    if isinstance(records, (str, bytes, dict)) or not isinstance(records, Sequence):
        raise InputError(f"{name}: expected a list of game records (arena.run's), got {type(records).__name__}")
    header = match.header()
    seen: dict[tuple[int, tuple[str, ...]], str] = {}
    out = []
    for i, rec in enumerate(records):
        problem = _record_check(rec, header, seen, f"{name}[{i}]")
        if problem:
            raise InputError(f"{name}[{i}]: {problem}: each game is counted once" if problem.startswith("repeats")
                             else f"{name}[{i}]: {problem.removeprefix('is ')}")
        out.append(rec)
    return out


def _record_check(rec: Any, header: dict[str, Any], seen: dict[tuple[int, tuple[str, ...]], str],
                  here: str) -> str | None:
    """What is wrong with one game record met at ``here`` (``line 3``, ``records[2]``), in words
    (``is not a game record of this match (...)``, ``repeats the game of line 2 (deal 0, seating
    ...)``), else ``None``: :func:`record_problem`, which notes the record's game in ``seen``."""
    problem = record_problem(rec, header, seen, here)
    if not problem:
        return None
    return problem if problem.startswith("repeats the game of") else f"is not a game record of this match ({problem})"


def rules_lines(match: Match) -> list[str]:
    """The rules in force, as ``show`` says them (``rules: all defaults`` or ``rules (not the
    default): ...``), and the note naming the options set that cannot change play at this table
    (:func:`foolsolve.rules.moot_options`), if any."""
    from foolsolve import games
    from foolsolve.rules import json_text, moot_line, moot_options, rules_from_json, rules_to_json

    rules: Any = rules_from_json(games.get(match.game).spec.rules_cls, match.rules)
    changed = rules_to_json(rules, only_changed=True)
    line = ("rules (not the default): " + ", ".join(f"{k}={json_text(v)}" for k, v in changed.items())
            if changed else "rules: all defaults")
    note = moot_line(moot_options(rules, match.players), rules)
    return [line] if note is None else [line, f"note: {note}"]


def text_table(match: Match, s: Summary) -> str:
    """The results as a plain table."""
    from foolsolve.stats import wilson

    lines = [f"{match.game}, {match.players} players: {plural(s.games, 'game')} ({plural(match.deals, 'deal')}, "
             f"seed {match.seed})", *rules_lines(match)]
    if s.pairs:
        lines.append("")
        w = max(len(b) for b in match.bots)
        lines.append(f"  {'bot':<{w}}  {'vs':<{w}}  {'won':>5} {'lost':>5} {'drawn':>5}  score  95% CI")
        for (a, b), r in sorted(s.pairs.items()):
            lo, hi = wilson(r.score, r.comparisons)
            rate = r.score / r.comparisons if r.comparisons else 0.0
            lines.append(f"  {a:<{w}}  {b:<{w}}  {r.wins:5} {r.losses:5} {r.draws:5}  {rate:.3f}  [{lo:.3f}, {hi:.3f}]")
        if any(r.comparisons > r.games for r in s.pairs.values()):
            lines.append(f"  (won, lost, drawn count pairs of seats: with {match.players} players one game compares each "
                         "pair of seats the two bots hold, and the 95% CI takes those comparisons as independent, "
                         "which they are not: docs/arena.md)")
    lines.append("")
    if s.games == 0:  # (a match stopped before its first game ended): no bot has a rating
        lines.append("  no games were played: no Elo ratings and no time per move")
        return "\n".join(lines)
    lines.append(f"  Elo ({s.anchor} = 1000, 95% bootstrap interval over deals), seconds per move (wall, CPU):")
    width = max(24, *(len(b) for b in match.bots))
    for b in sorted(match.bots, key=lambda b: -s.elo[b]):
        lo, hi = s.elo_ci[b]
        per = s.seconds[b] / s.decisions[b] if s.decisions[b] else 0.0
        cpu = s.cpu[b] / s.decisions[b] if s.decisions[b] else 0.0
        span = f"[{lo:.0f}, {hi:.0f}]" if math.isfinite(lo) and math.isfinite(hi) else "no interval"
        lines.append(f"  {b:<{width}} {s.elo[b]:7.0f}  {span}  {per:.4f} s  {cpu:.4f} s CPU")
    others = [b for b in match.bots if b != s.anchor]
    if any(not math.isfinite(x) for b in others for x in s.elo_ci[b]):
        lines.append("  (fewer than two deals played: no interval, the bootstrap resamples deals)")
    elif any(s.elo_ci[b][0] == s.elo_ci[b][1] for b in others):
        lines.append("  (an interval of width 0: every resampling of the deals gave the same ratings, as when every "
                     "deal ended alike; more deals are needed for an interval)")
    for f in s.forfeits:
        lines.append(f"  forfeit: {_game_text(f)}, seat {f['seat']} ({f['bot']}): {f['reason']}")
    for stop in s.stopped:
        lines.append(f"  unfinished: {_game_text(stop)}, stopped {stop['reason']}")
    return "\n".join(lines)


def _game_text(game: dict[str, Any]) -> str:
    """A game of the summary's forfeits or stops as the table names it: ``deal 0 (greedy v random),
    record 3`` (the record's number in the file, what ``play OUT --record 3`` replays)."""
    seating = f" ({' v '.join(game['seating'])})" if game.get("seating") else ""
    record = f", record {game['record']}" if game.get("record") else ""
    return f"deal {game['deal']}{seating}{record}"


PLOT_NAME_CHARS = 40
"""The longest bot name written whole in the Elo picture; a longer one keeps its start and its end
with "…" between (:func:`plot_names`), its whole name the row's tooltip."""


def plot_names(bots: Sequence[str], most: int = PLOT_NAME_CHARS) -> dict[str, str]:
    """Each bot's name as the Elo picture writes it: whole up to ``most`` characters, else its first
    and last characters with "…" between (two external programs differ in their file's name, at the
    end); names that would read alike keep more characters, up to the whole name, until they differ."""

    def short(b: str, width: int) -> str:
        head = (width - 1) // 3
        return b if len(b) <= width else b[:head] + "…" + b[len(b) - (width - 1 - head):]

    widths = dict.fromkeys(bots, most)
    while True:
        shown = {b: short(b, widths[b]) for b in bots}
        alike = Counter(shown.values())
        if all(alike[v] == 1 for v in shown.values()):
            return shown
        for b, v in shown.items():
            if alike[v] > 1:
                widths[b] += 1


def plot_svg(s: Summary) -> str:
    """The Elo table with its intervals as an SVG picture (one row per bot: its name, as
    :func:`plot_names` shortens it, the whole name its tooltip; the interval, the Elo as a dot and
    in figures beside the axis)."""
    from html import escape

    order = sorted(s.bots, key=lambda b: -s.elo[b])
    values = [v for b in order for v in (s.elo[b], *s.elo_ci[b]) if v not in (float("inf"), float("-inf"))]
    lo, hi = (min(values), max(values)) if values else (900.0, 1100.0)
    if hi - lo < 50:
        lo, hi = lo - 25, hi + 25
    names = plot_names(order)
    left = max(190, 20 + 8 * max((len(n) for n in names.values()), default=0))  # 13 px text: under 8 px a character
    width, row = 420, 28
    height = 50 + row * len(order)
    total = left + width + 60

    def x(v: float) -> float:
        v = min(max(v, lo), hi)
        return left + (v - lo) / (hi - lo) * width

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{total}" height="{height}" '
             f'viewBox="0 0 {total} {height}" font-family="sans-serif" font-size="13">',
             f'<rect width="{total}" height="{height}" fill="#ffffff"/>',
             f'<text x="10" y="20" font-weight="bold">Elo ({escape(s.anchor)} = 1000), 95% intervals</text>']
    for k, b in enumerate(order):
        y = 40 + k * row
        a, c = s.elo_ci[b]
        parts.append(f'<g class="bot" data-bot="{escape(b)}"><title>{escape(b)}</title>')
        parts.append(f'<text x="10" y="{y + 5}">{escape(names[b])}</text>')
        parts.append(f'<line x1="{x(a):.1f}" y1="{y}" x2="{x(c):.1f}" y2="{y}" stroke="#555" stroke-width="2"/>')
        parts.append(f'<circle cx="{x(s.elo[b]):.1f}" cy="{y}" r="5" fill="#1f77b4"/>')
        parts.append(f'<text x="{left + width + 14}" y="{y + 5}">{s.elo[b]:.0f}</text></g>')  # clear of a dot at the edge
    axis_y = 40 + row * len(order) - 10
    parts.append(f'<line x1="{left}" y1="{axis_y}" x2="{left + width}" y2="{axis_y}" stroke="#999"/>')
    parts.append(f'<text x="{left}" y="{axis_y + 14}" fill="#666">{lo:.0f}</text>')
    parts.append(f'<text x="{left + width - 30}" y="{axis_y + 14}" fill="#666">{hi:.0f}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def run(match: Match, out: str | None, workers: int = 1, scheduler: str | None = None,
        tick: Any = None, *, names: dict[str, str] | None = None,
        progress: bool | None = None, unrecorded: list[dict[str, Any]] | None = None,
        numbers: dict[tuple[int, tuple[str, ...]], int] | None = None) -> tuple[list[dict[str, Any]], bool]:
    """Play the match's games not yet in ``out`` (all of them without ``out``): the records, in
    game order, and whether Ctrl-C stopped it (the records then hold the games finished). The
    records are those of the match's deals: games of later deals in ``out`` (from an earlier run
    with more ``--games``) stay in the file but are not among them. An error names the
    parameters (``out: ... holds another match``; ``names``: option -> name, by default
    :data:`RUN_NAMES`; within a command, the command's names:
    :func:`foolsolve.errors.command_line_names`). ``tick``, when given, is called with the count of
    games played (those of ``out`` included) after each game.
    ``progress``: where the match's status line (``arena GAME``, its games played of all) shows,
    as :func:`foolsolve.answer`'s (:func:`foolsolve.progress.plain_lines`): ``None`` on a terminal
    only; ``True`` also where stderr is no terminal (a notebook), a plain line every few seconds as
    games finish; ``False`` nowhere.

    ``out`` that cannot be written when the match starts (its header) is an error before any game;
    a write that fails later (a full disk) is one warning line on stderr, and the match goes on
    without writing any more: the records of the games played but not in ``out`` are appended to
    ``unrecorded`` where it is given (a rerun with the same ``out`` plays them again). ``numbers``,
    where given, gets the game number in ``out`` of every game there (what ``play OUT --record K``
    takes: the games of an earlier run first, then this run's as they were written), by its game
    (:func:`key_of`), for :func:`summary_of`."""
    from foolsolve.progress import checked_shown

    checked_shown(progress)
    with option_names(RUN_NAMES if names is None else names):
        if out is not None and not isinstance(out, str):
            raise InputError(f"{option_name('--out')}: expected the records file's name (a str) or None, "
                             f"got {quoted(out)}")
        if tick is not None and not callable(tick):
            raise InputError(f"tick: expected a function called with the count of games played, or None, "
                             f"got {quoted(tick)}")
        return _run(match, out, workers, scheduler, tick, progress, [] if unrecorded is None else unrecorded,
                    {} if numbers is None else numbers)


def _run(match: Match, out: str | None, workers: int, scheduler: str | None,
         tick: Any, shown: bool | None, unrecorded: list[dict[str, Any]],
         numbers: dict[tuple[int, tuple[str, ...]], int]) -> tuple[list[dict[str, Any]], bool]:
    """:func:`run`, its errors naming the options as the caller calls them."""
    from foolsolve import games
    from foolsolve.executor import WorkerLost, make_executor, worker_failure
    from foolsolve.progress import plain_lines, progress

    total = check_size(match)
    path = Path(out) if out else None
    from foolsolve.bots.human import check_match

    check_match(match.bots, workers, scheduler)  # a human bot: this process, at a terminal (before --out)
    executor = make_executor(workers, scheduler)  # a bad --workers or --scheduler before --out is touched
    handle = None
    durable = path is not None  # a regular file (_check_record_file)
    done: list[dict[str, Any]] = []
    written = [0]  # the game records in the file
    if path is not None:
        try:
            _check_record_file(path)
            # opened and locked before it is read: a second arena with the same --out is refused
            # before it reads (or cuts a line off) the file the first one is writing
            handle = _open_append(path)
            done = [r for r in read_records(path, match, numbers) if r["deal"] < match.deals]
            written[0] = len(numbers)
        except BaseException:
            executor.close()
            if handle is not None:
                _close_quietly(handle)
            raise
        fresh = not path.exists() or path.stat().st_size == 0
    have = {key_of(r) for r in done}
    table = seatings(len(match.bots), match.players)
    order = {tuple(match.bots[i] for i in s): k for k, s in enumerate(table)}
    tasks = [Task(match, d, seating) for d in range(match.deals) for seating in table
             if (d, tuple(match.bots[i] for i in seating)) not in have]
    records = list(done)
    failed: list[OSError] = []
    whole = [0]  # the file's size after its last whole record (a regular file's)

    def line(obj: dict[str, Any]) -> None:
        """One line of the record file, or the one-line error of a file that takes no more (a full disk)."""
        assert handle is not None
        try:
            handle.write(jsonout.dumps(obj) + "\n")
            handle.flush()
            if durable:
                os.fsync(handle.fileno())
                whole[0] = os.fstat(handle.fileno()).st_size
        except OSError as exc:
            failed.append(exc)
            raise InputError(f"{option_name('--out')} {path}: cannot write ({exc.strerror or exc})") from None

    def cut_back() -> None:
        """After a failed write: what it left of its line cut off the file (a regular file's), so
        that the games said not to be in it are not."""
        if durable and handle is not None:
            with contextlib.suppress(OSError):
                os.ftruncate(handle.fileno(), whole[0])

    if handle is not None and durable:
        whole[0] = os.fstat(handle.fileno()).st_size

    if handle is not None and fresh:
        try:
            line(match.header())
        except InputError:
            executor.close()
            _close_quietly(handle)
            raise

    def keep(index: int, item: Task, value: Any) -> None:
        if not isinstance(value, dict) or handle is None:
            return
        if failed:  # the file took no more: the game is played, not recorded
            unrecorded.append(value)
            return
        try:
            line(value)
            written[0] += 1
            numbers[key_of(value)] = written[0]
        except InputError as exc:
            cut_back()
            unrecorded.append(value)
            print(f"foolsolve: warning: {exc}; the match goes on, this game and those after it not recorded there "
                  f"(a rerun with the same {option_name('--out')} plays them again)", file=sys.stderr, flush=True)

    interrupted = False
    try:
        with plain_lines(shown), progress(f"arena {games.get(match.game).title}", unit="games", total=total) as drawn:
            for index, value in executor.map(play, tasks, on_done=keep):
                if isinstance(value, WorkerLost):
                    raise InputError(f"arena: {worker_failure(value, f'game {index + 1} (deal {tasks[index].deal})')}")
                records.append(value)
                drawn(len(records))
                if tick is not None:
                    tick(len(records))
    except KeyboardInterrupt:
        interrupted = True
    finally:
        executor.close()
        close_bots()
        if handle is not None:
            if failed:
                _close_quietly(handle)  # the error or the warning is given; what is left unwritten is dropped
                if durable and path is not None:
                    with contextlib.suppress(OSError):
                        if path.stat().st_size > whole[0]:  # (a write the close still made)
                            os.truncate(path, whole[0])
            else:
                handle.close()
    records.sort(key=lambda r: (r["deal"], order[tuple(r["seating"])]))
    return records, interrupted


def unrecorded_line(out: str, unrecorded: Sequence[dict[str, Any]], shown: int = 10) -> str:
    """What the summary says of the games :func:`run` played but could not write to ``out``: how
    many, the first ``shown`` of them by deal and seating, and that a rerun plays them."""
    games = sorted(unrecorded, key=lambda r: (r["deal"], r["seating"]))
    named = ", ".join(f"deal {r['deal']} ({' v '.join(r['seating'])})" for r in games[:shown])
    more = f" and {len(games) - shown:,} more" if len(games) > shown else ""
    return (f"(not in {out}, whose write failed: {plural(len(games), 'game')} played, {named}{more}; run again with "
            f"--out {out} to play them again)")


_KINDS = ((stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"), (stat.S_ISFIFO, "a FIFO"),
          (stat.S_ISSOCK, "a socket"), (stat.S_ISDIR, "a folder"))


def _check_record_file(path: Path) -> None:
    """The one-line error of an ``--out`` that is no regular file (``/dev/null``, ``/dev/stdout``, a
    FIFO): its records would be mixed into another output, or lost, and a rerun could not resume
    from it. A new name (or a link to one) is a file the arena creates."""
    try:
        found = os.stat(path)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise InputError(f"{option_name('--out')} {path}: cannot read it ({exc.strerror or exc})") from None
    mode = found.st_mode
    if not stat.S_ISREG(mode):
        kind = next((what for test, what in _KINDS if test(mode)), "a special file")
        raise InputError(f"{option_name('--out')} {path}: {kind}, not a file: the record file must be a regular file "
                         "or a new name (a rerun resumes from it)")
    for fd, name in ((1, "standard output"), (2, "standard error")):  # /dev/stdout when it is redirected to a file
        try:
            same = os.path.samestat(found, os.fstat(fd))
        except OSError:
            continue
        if same:
            raise InputError(f"{option_name('--out')} {path}: the file {name} goes to: the records would be mixed "
                             "into the table; the record file must be a file of its own")


def _open_append(path: Path) -> Any:
    """The record file opened to append to, without waiting for a FIFO's reader
    (:func:`foolsolve.positions.open_for_writing`)."""
    return io.TextIOWrapper(open_for_writing(path, f"{option_name('--out')} {path}", append=True, lock=True), encoding="utf-8")


def _close_quietly(handle: Any) -> None:
    try:
        handle.close()
    except OSError:
        pass


def record_game(path: str, k: int) -> tuple[dict[str, Any], list[str]]:
    """Game ``k`` (1 = the first game) of an arena record file: its start position (with the
    header's game) and its moves. The file is read line by line up to game ``k`` (each line at
    most the input size limit: an endless device such as /dev/zero is an error, not a hang)."""
    lines = input_lines(str(path))
    first = next(lines, None)
    if first is None:
        raise InputError(f"{path}: empty record file")
    header = _record_line(path, *first)
    problem = header_problem(header)
    if problem:
        raise InputError(f"{path}: not an arena record file ({problem})")
    count = 0
    seen: dict[tuple[int, tuple[str, ...]], str] = {}  # the games of the other lines, each once
    found: tuple[int, Any] | None = None
    for n, text in lines:
        count += 1
        if count == k:
            rec = _record_line(path, n, text)
            wrong = _record_check(rec, header, seen, f"line {n}")
            if wrong:
                raise InputError(f"{path}: line {n} {wrong}" + (": each game is recorded once"
                                                                if wrong.startswith("repeats") else ""))
            found = (n, rec)
        elif not isinstance(text, InputError):
            # the games of the other lines, read as far as their deal and seating (a line that is
            # no record is no game): the game replayed must be the file's only record of its game
            try:
                other = json.loads(text)
                key = key_of(other)
                hash(key)
            except (ValueError, TypeError, KeyError, OverflowError, RecursionError):
                continue
            if found is not None and key == key_of(found[1]):
                raise InputError(f"{path}: line {n} repeats the game of line {found[0]} (deal {key[0]}, seating "
                                 f"{', '.join(key[1])}): each game is recorded once")
            seen.setdefault(key, f"line {n}")
    if found is None:
        raise InputError(f"--record: {path} holds games 1..{count}, not {k}")
    start = dict(found[1]["start"])
    start.setdefault("game", header["game"])
    return start, list(found[1]["moves"])


def _start_against_header(start: dict[str, Any], header: dict[str, Any]) -> str:
    """What makes a game record's ``start`` position no game of the match its file's ``header``
    names (another game, player count or rule), or ``""``; a start without its game takes the
    header's."""
    from foolsolve import games

    name = header.get("game")
    if not isinstance(name, str):
        return "the header names no game"
    try:
        game = games.get(name).name
    except InputError:
        return f"the header's game {json.dumps(name)[:40]} is not a game"
    start.setdefault("game", game)
    try:
        got = games.get(start["game"]).name if isinstance(start["game"], str) else None
    except InputError:
        got = None
    if got != game:
        return (f"the game's start position is {'a ' + got if got else 'not a'} position, but the header's game is "
                f"{game}")
    players, rules = header.get("players"), header.get("rules")
    if isinstance(players, int) and isinstance(start.get("players"), int) and start["players"] != players:
        return f"the game's start position has {start['players']} players, but the header {players}"
    if isinstance(rules, dict) and isinstance(start.get("rules"), dict):
        other = next((k for k in sorted(rules) if k in start["rules"] and start["rules"][k] != rules[k]), None)
        if other is not None:
            return (f"the game's start position has rule {other} = {json.dumps(start['rules'][other])[:40]}, but the "
                    f"header {json.dumps(rules[other])[:40]}")
    return ""


def _record_line(path: str | Path, n: int, text: str | InputError) -> Any:
    """Line ``n`` of an arena record file as JSON (an unreadable or malformed line: an error)."""
    if isinstance(text, InputError):
        raise InputError(f"{path}: not an arena record file: {text}")
    try:
        return parse_json(text, f"line {n}")
    except InputError as exc:
        raise InputError(f"{path}: not an arena record file: {exc}") from None
