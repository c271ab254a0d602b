"""Every registered game as an OpenSpiel game (``pip install 'foolsolve[openspiel]'``).

:func:`register_all` registers each game of the registry with ``pyspiel.register_game`` as
``foolsolve_GAME`` (``foolsolve_durak``, ``foolsolve_fools_paradise`` ...); after it,
``pyspiel.load_game("foolsolve_durak", {"players": 3, "variant": "perevodnoy"})`` works as for any
OpenSpiel game, and so do OpenSpiel's algorithms (MCTS, CFR, alpha-beta, exploitability).

The mapping, one to one with the game shape (docs/architecture.md):

* **Game type**: the game's declared :class:`~foolsolve.game.GameType` (dynamics, chance mode,
  information, utility, player counts). A game whose deal is a shuffle gets explicit chance
  nodes for it (below). With ``open_hands=True`` (the analyst's view) every player sees the
  whole position and the type says perfect information; started from a position of a game
  with no chance nodes, the chance mode is deterministic (what ``alpha_beta_search`` asks).
* **Parameters**: ``players``, every rule option (defaults equal to ours: a bool, int or string
  option as such, any other as its JSON text), ``position`` (a position file to start from
  instead of a deal: its players and rules are the game's, ``get_parameters()`` says so, and a
  ``players`` or rule option given another value is an error), ``open_hands``.
* **The deal** is played out as chance nodes, exactly: the game's own ``deal`` runs with a
  random number generator whose every draw ``randbelow(n)`` (what ``shuffle``, ``choice`` and
  ``randrange`` are made of) is a chance node with ``n`` outcomes of probability ``1/n`` each.
  A Fisher-Yates shuffle built of those draws is uniform over the deck's orders, so the chance
  nodes give every deal exactly its probability. A move that deals anew
  (:meth:`~foolsolve.game.SpecGame.deals_anew`: Durak's re-deal) is followed by chance nodes for
  the new deal in the same way; the seed the game keeps hidden in its state for that shuffle (and
  draws with ``getrandbits``, no chance node) is never used here.
* **Chance during play**: the game's chance nodes, with its exact probabilities (as floats).
* **Actions**: an action is the index of a move in the state's sorted legal-move list (the
  spec's order): moves are known only through what the mover sees, so an index means the same
  move at every state of an information set. ``num_distinct_actions`` is the game's bound on
  legal moves in one position (``GameInfo.max_moves``). An index out of range is a ``ValueError``
  naming it and the legal range, the state unchanged.
* **Views**: the observation string of player ``p`` is ``"p0 "`` and the canonical JSON of
  ``spec.observation(state, p)``; the information-state string is perfect recall: ``"p0 rules {...} | "``,
  then ``p``'s distinct successive views (without their ``rules``; the first whole, each later one as
  its changes from the one before) and ``p``'s own moves. The public observation
  (``private_info=NONE``) is one string for every player (:meth:`FoolsolveState.public_text`), the
  ``ALL_PLAYERS`` one the whole position; any other observation type is a ``ValueError``.
* **Tensors**: each observation type but the information state has a fixed-size observation tensor
  where the game declares a layout (``GameInfo.tensor_layout``, :mod:`foolsolve.openspiel_tensor`),
  read from the view file (the player's), the public view or the whole position; no
  information-state tensor (a ``ValueError``).
* ``resample_from_infostate``: a world consistent with the player's view (the seat sampler), for
  OpenSpiel's ``ISMCTSBot``.
* ``serialize``/``deserialize`` (``pickle``, ``serialize_game_and_state``): OpenSpiel's text for a
  Python game, whose pickle of the state's attributes here holds only a marker: reading it back
  replays the action history (:class:`_Core`); a text whose pickle holds the position itself (an
  older bridge's, :class:`_Ref`) is read by replaying its history too.
"""

from __future__ import annotations

import json
import os
import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pyspiel

from foolsolve import games
from foolsolve.errors import InputError
from foolsolve.game import CHANCE, ChanceMode, Dynamics, Information, Utility, engine_move_key, search_moves
from foolsolve.games.base import GameInfo
from foolsolve.positions import read_json
from foolsolve.rules import json_shown, json_text, options_of, rules_from_json
from foolsolve.worlds import is_hidden

PREFIX = "foolsolve_"
"""Registered OpenSpiel names are ``PREFIX`` + the game's name with ``-`` as ``_``."""

_DYNAMICS = {Dynamics.SEQUENTIAL: pyspiel.GameType.Dynamics.SEQUENTIAL,
             Dynamics.SIMULTANEOUS: pyspiel.GameType.Dynamics.SIMULTANEOUS}
_INFORMATION = {Information.PERFECT: pyspiel.GameType.Information.PERFECT_INFORMATION,
                Information.IMPERFECT: pyspiel.GameType.Information.IMPERFECT_INFORMATION}
_UTILITY = {Utility.ZERO_SUM: pyspiel.GameType.Utility.ZERO_SUM,
            Utility.CONSTANT_SUM: pyspiel.GameType.Utility.CONSTANT_SUM,
            Utility.GENERAL_SUM: pyspiel.GameType.Utility.GENERAL_SUM}

MAX_GAME_LENGTH = 100_000
"""A bound on the moves (chance outcomes included) of one game, for ``GameInfo``."""


def openspiel_name(info: GameInfo) -> str:
    """``foolsolve_durak`` for ``durak``."""
    return PREFIX + info.name.replace("-", "_")


# --- parameters ------------------------------------------------------------------------------


def _param_default(value: Any) -> Any:
    """A rule option's default as an OpenSpiel parameter: bool, int and str as such, anything
    else as its JSON text written with ``;`` between items (OpenSpiel's game strings,
    ``name(key=value,...)``, split on commas)."""
    if isinstance(value, (bool, int, str)):
        return value
    return json.dumps(_to_json(value), separators=(";", ":"), ensure_ascii=False)


def _param_value(text: str) -> Any:
    """The JSON value of a parameter written by :func:`_param_default` (or with commas)."""
    return json.loads(text.replace(";", ","))


def default_params(info: GameInfo) -> dict[str, Any]:
    """Every parameter with its default: ``players``, the rule options, ``position``, ``open_hands``
    and ``impl`` (``engine`` or ``spec``: which implementation plays)."""
    spec = info.spec
    params: dict[str, Any] = {"players": spec.min_players}
    for opt in options_of(spec.rules_cls):
        if not opt.fixed:
            params[opt.name] = _param_default(opt.default)
    params["position"] = ""
    params["open_hands"] = False
    params["impl"] = "engine" if info.has_engine else "spec"
    return params


def _param_of(opt: Any, value: Any) -> Any:
    """A rule option's value as a parameter of its default's type (OpenSpiel refuses another, also
    when it reloads a game from its game string): as :func:`_param_default`, but a value of an option
    whose choices differ in type, where its type is not the default's, written as its JSON text in
    double quotes (Fools and Angels' ``regroup_max`` 1, whose default is ``"limit"``, as ``'"1"'``:
    OpenSpiel's game strings read a bare ``1`` as a number)."""
    param = _param_default(value)
    if type(param) is not type(_param_default(opt.default)):
        return json.dumps(json_text(value))
    return param


def _read_param(opt: Any, value: Any) -> Any:
    """A rule option's parameter as its JSON value (of :func:`_param_of`): the JSON text of a value
    that is no bool, int or str read (a table or a list, also of an option whose default is a string:
    Three Fools' ``roshambo``), and so is a choice written as its JSON text (``"1"``)."""
    if not isinstance(value, str):
        return value
    if not isinstance(opt.default, (bool, int, str)):
        return _param_value(value)
    if opt.choices is not None and value in opt.choices:
        return value
    text = value[1:-1] if len(value) >= 2 and value[0] == value[-1] == '"' else value
    if text[:1] in ("[", "{"):
        try:
            return _param_value(text)
        except ValueError:
            return value
    if opt.choices is not None:
        try:
            read = json.loads(text)
        except ValueError:
            return value
        if any(read == c and type(read) is type(c) for c in opt.choices):
            return read
    return value


def _rules_from_params(info: GameInfo, params: dict[str, Any]) -> Any:
    raw: dict[str, Any] = {}
    for opt in options_of(info.spec.rules_cls):
        if opt.fixed or opt.name not in params:
            continue
        value = _read_param(opt, params[opt.name])
        if value != _to_json(opt.default):
            raw[opt.name] = value
    return rules_from_json(info.spec.rules_cls, raw)


def _to_json(value: Any) -> Any:
    return json.loads(json_text(value))


def _param_json(info: GameInfo, name: str, value: Any) -> str:
    """A parameter's value (``players`` or a rule option) as canonical JSON text, to compare two ways of
    writing one value (:func:`_read_param`)."""
    if name != "players":
        opt = next(o for o in options_of(info.spec.rules_cls) if o.name == name)
        try:
            value = _read_param(opt, value)
        except ValueError:
            pass  # not JSON: compared as the text it is
    return json.dumps(value, sort_keys=True)


def position_params(info: GameInfo, state: Any) -> dict[str, Any]:
    """The parameters a game started from the position ``state`` (a spec state) plays under: its
    ``players`` and each rule option (as :func:`default_params` writes them)."""
    out: dict[str, Any] = {"players": info.spec.num_players(state)}
    rules = info.spec.rules_of(state)
    for opt in options_of(info.spec.rules_cls):
        if not opt.fixed:
            out[opt.name] = _param_of(opt, getattr(rules, opt.name))
    return out


def check_position_params(info: GameInfo, asked: dict[str, Any], used: dict[str, Any], defaults: dict[str, Any],
                          position: str) -> None:
    """An :class:`~foolsolve.errors.InputError` naming the first parameter of ``asked`` (``players`` or
    a rule option) that differs from the value the position gives it (``used``), where it differs from
    its default too (``defaults``; ``None``: every parameter of ``asked`` was given): a position sets
    the players and the rules, so a parameter that conflicts with it would be dropped silently."""
    names = {"players", *(o.name for o in options_of(info.spec.rules_cls) if not o.fixed)}
    for name, value in asked.items():
        if name not in names or name not in used:
            continue
        mine, theirs = _param_json(info, name, value), _param_json(info, name, used[name])
        if mine == theirs:
            continue
        if defaults and mine == _param_json(info, name, defaults[name]):
            continue  # (not asked for: OpenSpiel passes every parameter, the defaults filled in)
        raise InputError(f"{name}: the position {position} has {theirs}, not {mine}; leave {name} out (a position "
                         "sets the players and the rules) or give the position's")


def _unwritable(value: Any) -> str | None:
    """Why the string parameter ``value`` cannot be written in an OpenSpiel game string
    (``name(key=value,...)``, which ``serialize_game_and_state`` writes and
    ``deserialize_game_and_state`` reads back), or ``None`` where it can (or is no string)."""
    if not isinstance(value, str) or value == "":
        return None
    depth = 0
    for ch in value:
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth < 0:
            break
    if "," in value or "=" in value or depth != 0:
        return "a game string splits on ',' and '=' and nests brackets"
    read = pyspiel.game_parameters_from_string(f"g(x={value})").get("x")
    if read != value or not isinstance(read, str):
        return f"a game string reads it back as {json_shown(read)}"
    return None


def check_writable(name: str, value: Any) -> None:
    """An :class:`~foolsolve.errors.InputError` where the string parameter ``value`` cannot be
    written in an OpenSpiel game string (:func:`_unwritable`: a comma, ``=``, unbalanced brackets)."""
    why = _unwritable(value)
    if why is not None:
        raise InputError(f"{name}: {json_shown(value)} cannot be written in an OpenSpiel game string ({why}); "
                         "give it another name")


# --- the deal as chance nodes ----------------------------------------------------------------


class _NeedDraw(Exception):
    """The deal asks for one more draw ``randbelow(n)``."""

    def __init__(self, n: int) -> None:
        super().__init__(n)
        self.n = n


class _ScriptedRandom(random.Random):
    """A generator whose draws ``randbelow(n)`` are read from a script of chance outcomes; one
    past the script raises :class:`_NeedDraw`. Floats (``random()``) are refused: a deal that
    uses them cannot be enumerated."""

    def __init__(self, script: list[int]) -> None:
        super().__init__(0)
        self.script = script
        self.used = 0

    def _randbelow(self, n: int) -> int:
        if self.used == len(self.script):
            raise _NeedDraw(n)
        value = self.script[self.used]
        self.used += 1
        return value

    def random(self) -> float:
        raise TypeError("the deal draws a float: it cannot be played out as chance nodes")


# --- the game --------------------------------------------------------------------------------


class _Core:
    """Everything a :class:`FoolsolveState` holds, kept as one attribute (``core``) so that
    OpenSpiel's ``clone`` (a deep copy of the state's attributes) shares instead of copying it
    (foolsolve's states are never changed once made: a clone gets its own core with the same
    values), and so that OpenSpiel's serialization of a Python state (its action history, its move
    number and a pickle of its attributes) pickles no position: a core pickles as :class:`_Replay`,
    and the state it is set on is rebuilt by replaying its action history."""

    __slots__ = ("moves", "older", "pending_draw", "script", "setup", "state", "trail", "world")

    def __init__(self, setup: _Setup) -> None:
        self.setup = setup
        self.script: tuple[int, ...] = ()
        """The deal's draws made so far (while a deal is played out as chance nodes)."""
        self.pending_draw: int | None = None
        """The number of outcomes of the deal's next draw (``None``: no deal under way)."""
        self.state: Any = None
        self.trail: _Step | None = None
        """The last :class:`_Step` (``None`` before the first move), shared between clones; views
        are computed from it only when an information state is asked for."""
        self.moves: list[Any] | None = None
        self.world = False
        """Whether the state is a drawn world (:meth:`FoolsolveState.drawn`: its history does not
        lead to it, so it cannot be serialized)."""
        self.older = False
        """Whether the state was read from an older bridge's text (its history replayed)."""

    def __deepcopy__(self, memo: Any) -> _Core:
        out = _Core.__new__(_Core)
        for name in _Core.__slots__:
            setattr(out, name, getattr(self, name))
        return out

    def __reduce__(self) -> tuple[Any, ...]:
        if self.world:
            raise ValueError("a drawn world (resample_from_infostate, the seat's IS-MCTS) cannot be serialized: its "
                             "action history does not lead to it (serialize the state it was drawn from)")
        return (_Replay, ())


class _Replay:
    """What a state's :class:`_Core` pickles as: the state it is set on (by OpenSpiel's
    deserialization, on a new initial state whose action history it has set) replays that history."""


class _Ref:
    """A value of a state's attribute in the pickle of an older bridge's text (each attribute its
    own, the position among them): read only so that such a text loads, by replaying its action
    history (:meth:`FoolsolveState.__setattr__`); never written."""

    __slots__ = ("value",)


_OLDER_ATTRIBUTES = frozenset({"setup", "ops", "_state", "_trail", "_moves"})
"""The attributes an older bridge's text pickles that a state no longer has (its ``script`` and
``pending_draw`` are still set as such): any of them set on a state marks such a text."""


class _Step:
    """One move since the deal (shared between clones, as the states are): the trail before it, the
    state it was made in, its mover and the move; and, filled in the first time an information
    state is asked for, each player's record up to and including it (:meth:`FoolsolveState._record`),
    so that a record costs one view a step, not one a step for every step before it."""

    __slots__ = ("before", "move", "mover", "records", "state")

    def __init__(self, before: _Step | None, state: Any, mover: int, move: Any) -> None:
        self.before = before
        self.state = state
        self.mover = mover
        self.move = move
        self.records: dict[int, _Seen] = {}


_Seen = tuple[Any, str, str, Any]
"""A player's record as a linked list: (the record before, its last entry, the last view's canonical text,
the last view), ``None`` when empty."""


def _canonical(obj: Any) -> str:
    """``obj`` as canonical JSON text (keys sorted, no spaces, characters as such)."""
    return json.dumps(obj, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def _changes(before: Any, after: Any, path: list[Any], out: list[list[Any]]) -> None:
    """The changes that make ``before`` into ``after`` (at ``path``), each ``[path, value]`` (set) or
    ``[path]`` (a field gone): into objects field by field (sorted), into lists of the same length item
    by item where at most half their items differ (a list a player: hand sizes, known cards); any other
    value set whole."""
    if isinstance(before, dict) and isinstance(after, dict):
        for key in sorted(after):
            if key not in before:
                out.append([[*path, key], after[key]])
            elif before[key] != after[key]:
                _changes(before[key], after[key], [*path, key], out)
        out.extend([[*path, key]] for key in sorted(before) if key not in after)
    elif (isinstance(before, list) and isinstance(after, list) and len(before) == len(after)
          and 2 * sum(b != a for b, a in zip(before, after)) <= len(after)):
        for i, (b, a) in enumerate(zip(before, after)):
            if b != a:
                _changes(b, a, [*path, i], out)
    else:
        out.append([path, after])


def _view_entry(before: dict[str, Any] | None, view: dict[str, Any]) -> str:
    """An information state's entry for ``view`` after the view ``before``: the whole view (canonical
    JSON) when it is the first, else ``+`` and the canonical JSON of the list of changes that make
    ``before`` into it (:func:`_changes`: ``[path, value]`` sets the value at the path of keys and list
    indices, ``[path]`` removes the field there). Applied in order to the first view, the entries give
    back every view, so two records of different views give different entries."""
    if before is None:
        return _canonical(view)
    out: list[list[Any]] = []
    _changes(before, view, [], out)
    return "+" + _canonical(out)


def _with_view(record: _Seen | None, view: dict[str, Any]) -> _Seen:
    """``record`` with ``view`` added (as :func:`_view_entry`), unless its last view is that view already."""
    text = _canonical(view)
    if record is not None and record[2] == text:
        return record
    return (record, _view_entry(None if record is None else record[3], view), text, view)


@dataclass
class _Setup:
    info: GameInfo
    rules: Any
    players: int
    start: Any | None
    """The position to start from (``None``: a deal)."""
    open_hands: bool
    ops: _Ops
    encoder: Any
    """The observation tensor's :class:`~foolsolve.openspiel_tensor.Encoder` (``None``: the game has no
    tensor layout, strings only)."""
    applied: int = 0
    """Moves applied in every state of this game so far (a node count for benchmarks)."""

    def __deepcopy__(self, memo: Any) -> _Setup:
        return self  # shared by every state of one game


class _Ops:
    """The game's rules as the bridge calls them: the spec's, or (``impl="engine"``, the default
    where the game has an engine) the engine's, which plays the same game faster. Moves are
    listed in the spec's order either way, so an action index means the same move."""

    def __init__(self, info: GameInfo, use_engine: bool) -> None:
        self.spec = info.spec
        self.engine = info.engine if use_engine else None

    def __deepcopy__(self, memo: Any) -> _Ops:
        return self

    def from_spec(self, state: Any) -> Any:
        return state if self.engine is None else self.engine.from_spec(state)

    def to_spec(self, state: Any) -> Any:
        return state if self.engine is None else self.engine.to_spec(state)

    def legal(self, state: Any) -> list[Any]:
        # where one family of moves is too long to list (and to number below max_moves), the other
        # moves and the family's bounded candidates (search_moves; docs/openspiel.md)
        if self.engine is None:
            return sorted(search_moves(self.spec, state), key=self.spec.move_sort_key)
        key = engine_move_key(self.engine, self.spec)
        return sorted(search_moves(self.engine, state), key=lambda m: key(state, m))

    def chance(self, state: Any) -> list[tuple[Any, Fraction]]:
        if self.engine is None:
            return self.spec.chance_outcomes(state)
        key = engine_move_key(self.engine, self.spec)
        return sorted(self.engine.chance_outcomes(state), key=lambda mp: key(state, mp[0]))

    def apply(self, state: Any, move: Any) -> Any:
        return self.spec.apply(state, move) if self.engine is None else self.engine.apply(state, move)

    def to_move(self, state: Any) -> int:
        return self.spec.to_move(state) if self.engine is None else self.engine.to_move(state)

    def over(self, state: Any) -> bool:
        return (self.spec.result(state) if self.engine is None else self.engine.result(state)) is not None

    def returns(self, state: Any) -> tuple[Fraction, ...]:
        return self.spec.returns(state) if self.engine is None else self.engine.returns(state)

    def view_obj(self, state: Any, player: int) -> dict[str, Any]:
        obs: dict[str, Any] = (self.spec.observation(state, player) if self.engine is None
                               else self.engine.observation(state, player))
        return obs

    def view(self, state: Any, player: int) -> str:
        return _canonical(self.view_obj(state, player))

    def whole_obj(self, state: Any) -> dict[str, Any]:
        whole: dict[str, Any] = self.spec.state_to_json(self.to_spec(state))
        return whole

    def whole(self, state: Any) -> str:
        return json.dumps(self.whole_obj(state), sort_keys=True, ensure_ascii=False)

    def deals_anew(self, state: Any, move: Any) -> bool:
        return self.spec.deals_anew(move) if self.engine is None else self.engine.deals_anew(state, move)

    def text(self, state: Any, move: Any) -> str:
        return self.spec.move_text(move if self.engine is None else self.engine.move_to_spec(state, move))


def _public_view(values: list[Any]) -> Any:
    """The part of one field of every player's view file that every player sees: the field where
    the views agree; field by field (item by item) where they are objects with the same keys (lists
    of the same length, none of them a hidden zone); else (a hand: its owner's cards, a hidden zone
    in the others' views) a hidden zone with the count and the cards every other player knows to lie
    in it (``None`` where no view hides it)."""
    first = values[0]
    if all(v == first for v in values):
        return first
    if all(isinstance(v, dict) and not is_hidden(v) and v.keys() == first.keys() for v in values):
        return {k: _public_view([v[k] for v in values]) for k in first}
    if all(isinstance(v, list) and len(v) == len(first) for v in values):
        return [_public_view([v[i] for v in values]) for i in range(len(first))]
    hidden = [v for v in values if is_hidden(v)]
    if not hidden:
        return None
    if all(h == hidden[0] for h in hidden):
        return hidden[0]
    known = set.intersection(*(set(h.get("known", ())) for h in hidden))
    out: dict[str, Any] = {"count": hidden[0]["count"]}
    if known:
        out["known"] = [c for c in hidden[0]["known"] if c in known]
    return out


def _encoder(info: GameInfo, reference: Any) -> Any:
    """The observation tensor's encoder of a game whose states are like ``reference`` (a spec state: its
    rules and player count fix the tensor's size; the deck's cards are read from its view, as
    ``SpecGame.view_cards`` reads them), or ``None`` where the game has no tensor layout."""
    if info.tensor_layout is None:
        return None
    from foolsolve.openspiel_tensor import Context, Encoder
    from foolsolve.worlds import view_of

    spec = info.spec
    _, deck, _ = spec.view_cards(view_of(info, reference, 0))
    texts = tuple(dict.fromkeys(c.ascii for c in deck))
    return Encoder(info.name, Context(spec.num_players(reference), texts, spec.rules_of(reference)))


class FoolsolveGame(pyspiel.Game):
    """A foolsolve game seen by OpenSpiel (one class for every game; see the module docstring)."""

    info: GameInfo

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        info = self.info
        full = default_params(info)
        full.update(params or {})
        spec = info.spec
        rules = _rules_from_params(info, full)
        start = None
        players = full["players"]
        if isinstance(players, bool) or not isinstance(players, int):
            raise InputError(f"players: expected a whole number, got {json_shown(players)}")
        if full["impl"] not in ("engine", "spec"):
            raise InputError(f"impl: expected \"engine\" or \"spec\", got {json_shown(full['impl'])}")
        ops = _Ops(info, full["impl"] == "engine" and info.has_engine)
        for opt in options_of(spec.rules_cls):
            if not opt.fixed and _unwritable(full.get(opt.name)):
                # (a table written with commas, a number as text): as OpenSpiel's game strings hold it
                full[opt.name] = _param_of(opt, getattr(rules, opt.name))
        if full["position"]:
            # a game string names the file wherever it is read back: an absolute path
            full["position"] = os.path.abspath(full["position"])
            check_writable("position", full["position"])
        if not full["position"]:
            # the players and the rules checked here, where the game is loaded, not at its first state: the
            # game's own deal checks them (one-line InputErrors naming them), as new_initial_state would
            reference = spec.deal(rules, players, random.Random(0))
        if full["position"]:
            obj = read_json(full["position"])
            if isinstance(obj, dict) and isinstance(obj.get("game"), str):
                other = games.get(obj["game"]).name  # another game's file: said plainly, as the CLI says it
                if other != info.name:
                    raise InputError(f"position: a {other} position, not {info.name}")
            first = reference = spec.state_from_json(obj)
            start = ops.from_spec(first)
            used = position_params(info, first)
            check_position_params(info, full, used, default_params(info), full["position"])
            full.update(used)  # get_parameters() says what the game plays under: the position's
            players, rules = used["players"], spec.rules_of(first)
        self.setup = _Setup(info, rules, players, start, bool(full["open_hands"]), ops, _encoder(info, reference))
        t = spec.game_type
        information = Information.PERFECT if full["open_hands"] else t.information
        chance = t.chance_mode
        if start is None:
            chance = ChanceMode.EXPLICIT  # the deal
        elif any(ops.deals_anew(start, m) for m in ops.legal(start)):
            chance = ChanceMode.EXPLICIT  # a re-deal (Durak's redeal phase): chance nodes follow it
        chance_mode = (pyspiel.GameType.ChanceMode.DETERMINISTIC if chance is ChanceMode.DETERMINISTIC
                       else pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC)
        game_type = pyspiel.GameType(
            short_name=openspiel_name(info), long_name=f"foolsolve {info.title}", dynamics=_DYNAMICS[t.dynamics],
            chance_mode=chance_mode, information=_INFORMATION[information], utility=_UTILITY[t.utility],
            reward_model=pyspiel.GameType.RewardModel.TERMINAL, max_num_players=t.max_num_players,
            min_num_players=t.min_num_players, provides_information_state_string=True,
            provides_information_state_tensor=False, provides_observation_string=True,
            provides_observation_tensor=self.setup.encoder is not None, parameter_specification=default_params(info))
        low, high = spec.utility_range(rules, players)  # (Foolery's grow with the players under payoffs=places)
        game_info = pyspiel.GameInfo(
            num_distinct_actions=info.max_moves, max_chance_outcomes=info.max_moves, num_players=players,
            min_utility=float(low), max_utility=float(high),
            utility_sum=0.0 if t.utility is Utility.ZERO_SUM else None, max_game_length=MAX_GAME_LENGTH)
        super().__init__(game_type, game_info, full)

    def new_initial_state(self) -> FoolsolveState:
        """A deal (chance nodes) or the position named by the ``position`` parameter."""
        return FoolsolveState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        """An observer of strings (:class:`_Observer`): a player's observation or (perfect recall)
        information state, the public observation, or the whole position; any other type is a
        ``ValueError`` naming it."""
        return _Observer(_observer_kind(iig_obs_type), params, self.setup.encoder)


class FoolsolveState(pyspiel.State):
    """A position of a foolsolve game, with what OpenSpiel needs around it (all of it in one
    attribute, :class:`_Core`)."""

    core: _Core

    def __init__(self, game: FoolsolveGame) -> None:
        super().__init__(game)
        self.core = _Core(game.setup)
        if game.setup.start is not None:
            self.state = game.setup.start
        else:
            self._deal()

    def __setattr__(self, name: str, value: Any) -> None:
        # OpenSpiel's deserialization sets each pickled attribute on a new initial state: the core's
        # marker (_Replay) becomes the core of this state's action history, replayed
        if isinstance(value, _Replay):
            value = self._replayed()
        elif name in _OLDER_ATTRIBUTES:
            # an older bridge's text (its pickle holds the position itself): its history replayed, once
            if not self.core.older:
                core = self._replayed(older=True)
                core.older = True
                super().__setattr__("core", core)
            return
        super().__setattr__(name, value)

    def _replayed(self, older: bool = False) -> _Core:
        """The core of a new initial state of this state's game with this state's action history
        applied (OpenSpiel's deserialization has set that history on this state). ``older``: for an
        older bridge's text, whose history not replaying is a ``ValueError`` saying so."""
        fresh = FoolsolveState(self.get_game())
        try:
            for action in self.history():
                fresh.apply_action(action)
        except ValueError as exc:
            if not older:
                raise
            raise ValueError(f"this text was written by an older foolsolve OpenSpiel bridge and cannot be read: its "
                             f"action history does not replay ({exc})") from None
        core: _Core = fresh.core
        return core

    @property
    def setup(self) -> _Setup:
        """The game's setup (shared by every state of one game)."""
        setup: _Setup = self.core.setup
        return setup

    @property
    def ops(self) -> _Ops:
        """The game's rules as the bridge calls them."""
        ops: _Ops = self.core.setup.ops
        return ops

    @property
    def script(self) -> tuple[int, ...]:
        """The deal's draws made so far."""
        script: tuple[int, ...] = self.core.script
        return script

    @script.setter
    def script(self, value: tuple[int, ...]) -> None:
        self.core.script = value

    @property
    def pending_draw(self) -> int | None:
        """The number of outcomes of the deal's next draw (``None``: no deal under way)."""
        pending: int | None = self.core.pending_draw
        return pending

    @pending_draw.setter
    def pending_draw(self, value: int | None) -> None:
        self.core.pending_draw = value

    @property
    def spec(self) -> Any:
        """The game's spec."""
        return self.setup.info.spec

    @property
    def state(self) -> Any:
        """The current position (the engine's or the spec's state)."""
        return self.core.state

    @state.setter
    def state(self, value: Any) -> None:
        self.core.state = value
        self.core.moves = None

    # -- the deal --

    def _deal(self) -> None:
        try:
            setup = self.setup
            # a re-deal in a game started from a position deals under that position's rules
            rules = setup.rules if setup.start is None else self.ops.to_spec(setup.start).rules
            self.state = self.ops.from_spec(self.spec.deal(rules, setup.players, _ScriptedRandom(list(self.script))))
        except _NeedDraw as need:
            self.pending_draw = need.n
            return
        self.pending_draw = None

    # -- what the players have seen --

    def _view(self, player: int, state: Any = None) -> str:
        """What ``player`` sees of ``state`` (the current position by default)."""
        state = self.state if state is None else state
        if self.setup.open_hands:
            return self.ops.whole(state)
        return self.ops.view(state, player)

    def _view_obj(self, player: int, state: Any) -> dict[str, Any]:
        return self.ops.whole_obj(state) if self.setup.open_hands else self.ops.view_obj(state, player)

    def _recall_view(self, player: int, state: Any = None) -> dict[str, Any]:
        """``player``'s view of ``state`` (the current position by default) as her information state
        records it: without its ``rules`` (the same at every step: the information state says them once)."""
        obj = dict(self._view_obj(player, self.state if state is None else state))  # (a copy: the view may be shared)
        obj.pop("rules", None)
        return obj

    def _record(self, step: _Step | None, player: int) -> _Seen | None:
        """``player``'s record up to and including ``step``: each view that differs from the entry
        before it, and "move ..." after each of her own moves; built from the last step that has it."""
        todo = []
        while step is not None and player not in step.records:
            todo.append(step)
            step = step.before
        record = None if step is None else step.records[player]
        for step in reversed(todo):
            record = _with_view(record, self._recall_view(player, step.state))
            if step.mover == player:
                record = (record, "move " + self.ops.text(step.state, step.move), record[2], record[3])
            step.records[player] = record
        return record

    def _seen(self, player: int) -> list[str]:
        """``player``'s distinct successive views and own moves since the deal."""
        record: _Seen | None = _with_view(self._record(self.core.trail, player), self._recall_view(player))
        out: list[str] = []
        while record is not None:
            out.append(record[1])
            record = record[0]
        return out[::-1]

    # -- the OpenSpiel API --

    def current_player(self) -> int:
        """The player to move, chance, or terminal."""
        core = self.core
        if core.pending_draw is not None:
            return int(pyspiel.PlayerId.CHANCE)
        ops, state = core.setup.ops, core.state
        if ops.over(state):
            return int(pyspiel.PlayerId.TERMINAL)
        p = ops.to_move(state)
        return int(pyspiel.PlayerId.CHANCE) if p == CHANCE else int(p)

    def _legal(self) -> list[Any]:
        core = self.core
        if core.moves is None:
            ops = core.setup.ops
            if ops.to_move(core.state) == CHANCE:
                core.moves = [m for m, _ in ops.chance(core.state)]
            else:
                core.moves = ops.legal(core.state)
        moves: list[Any] = core.moves
        return moves

    def _legal_actions(self, player: int) -> list[int]:
        return list(range(len(self._legal())))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The deal's draw (``1/n`` each) or the game's chance node (its exact probabilities)."""
        if self.pending_draw is not None:
            return [(i, 1.0 / self.pending_draw) for i in range(self.pending_draw)]
        out = self.ops.chance(self.state)
        return [(i, float(p)) for i, (_, p) in enumerate(out)]

    def exact_chance_outcomes(self) -> list[tuple[int, Fraction]]:
        """As :meth:`chance_outcomes`, as exact fractions."""
        if self.pending_draw is not None:
            return [(i, Fraction(1, self.pending_draw)) for i in range(self.pending_draw)]
        return [(i, p) for i, (_, p) in enumerate(self.ops.chance(self.state))]

    def _check_action(self, action: int) -> int:
        """``action`` as an ``int``, or a ``ValueError`` naming it and the legal range (OpenSpiel's own
        ``apply_action`` checks nothing of a Python game's actions: an index past the end, or a negative
        one read from the end, would play another move or break the state)."""
        core = self.core
        if core.pending_draw is not None:
            n = core.pending_draw
        elif core.moves is not None:
            n = len(core.moves)
        else:
            n = 0 if core.setup.ops.over(core.state) else len(self._legal())
        if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < n:
            if self.pending_draw is None and self.is_terminal():
                raise ValueError(f"action {action!r}: the game is over (no action is legal)")
            what = "outcome" if self.is_chance_node() else "action"
            raise ValueError(f"{what} {action!r} is not legal here: the legal {what}s are 0..{n - 1}")
        return int(action)

    def _apply_action(self, action: int) -> None:
        action = self._check_action(action)
        core = self.core
        if core.pending_draw is not None:
            core.script = (*core.script, action)
            self._deal()
            return
        setup, state = core.setup, core.state
        ops = setup.ops
        setup.applied += 1
        mover = ops.to_move(state)
        move = self._legal()[action]
        core.trail = _Step(core.trail, state, mover, move)
        if ops.deals_anew(state, move):
            # a re-deal: the new shuffle as chance nodes, like the first deal (same rules and players)
            core.script = ()
            self._deal()
            return
        core.state = ops.apply(state, move)
        core.moves = None

    def _action_to_string(self, player: int, action: int) -> str:
        action = self._check_action(action)
        if self.pending_draw is not None:
            return f"draw {action} of {self.pending_draw}"
        return self.ops.text(self.state, self._legal()[action])

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        core = self.core
        return core.pending_draw is None and bool(core.setup.ops.over(core.state))

    def returns(self) -> list[float]:
        """One payoff per player (zeros before the end)."""
        if self.pending_draw is not None:
            return [0.0] * self.setup.players
        return [float(x) for x in self.ops.returns(self.state)]

    def observation_text(self, player: int) -> str:
        """What ``player`` sees now."""
        if self.pending_draw is not None or self.state is None:
            return f"p{player} dealing"
        return f"p{player} " + self._view(player)

    def view_form(self, kind: str, player: int) -> dict[str, Any] | None:
        """What the observation tensor of ``kind`` (``"player"``, ``"public"``, ``"whole"``) reads, in the
        form of a view file (docs/views.md): ``player``'s view file, the public view (every player's merged,
        as :meth:`public_text`), or the whole position (every zone written out, with the public fields a
        view adds: Fools and Angels' ``discard``); the whole position for every kind with ``open_hands``.
        ``None`` while a deal is played out."""
        if self.pending_draw is not None or self.state is None:
            return None
        from foolsolve.worlds import VIEW_KEY, view_of

        spec_state = self.ops.to_spec(self.state)
        if kind == "player" and not self.setup.open_hands:
            return view_of(self.setup.info, spec_state, player)
        if kind == "public" and not self.setup.open_hands:
            return self._public_obj(spec_state)
        whole = self.spec.state_to_json(spec_state)
        for key, value in self.spec.view_extra(spec_state, 0).items():
            if key not in self.spec.knowledge_fields:
                whole.setdefault(key, value)
        if kind == "player":
            whole[VIEW_KEY] = player
        return whole

    def _public_obj(self, spec_state: Any) -> Any:
        from foolsolve.worlds import view_of

        views = [view_of(self.setup.info, spec_state, p) for p in range(self.spec.num_players(spec_state))]
        for view in views:
            view.pop("view")
        return _public_view(views)

    def public_text(self) -> str:
        """What every player sees now, the same for each: ``"public "`` and the canonical JSON of
        the players' views (:func:`foolsolve.worlds.view_of`) merged (:func:`_public_view`): each
        hand as the others see it (its count, and the cards of it every player knows); the whole
        position with ``open_hands``; ``"public dealing"`` while a deal is played out."""
        if self.pending_draw is not None or self.state is None:
            return "public dealing"
        if self.setup.open_hands:
            return "public " + self.ops.whole(self.state)
        return "public " + _canonical(self._public_obj(self.ops.to_spec(self.state)))

    def information_state_text(self, player: int) -> str:
        """Everything ``player`` has seen and done (perfect recall): ``"p0 rules {...} | "``, then her
        successive distinct views (each without its ``rules``: the first whole, each later one as the
        fields that changed, :func:`_view_entry`) and ``"move ..."`` after each of her own moves, joined
        by ``" | "``; ``"p0 dealing"`` while a deal is played out."""
        if self.pending_draw is not None or self.state is None:
            return f"p{player} dealing"
        rules = self._view_obj(player, self.state).get("rules")
        head = [] if rules is None else ["rules " + _canonical(rules)]
        return f"p{player} " + " | ".join([*head, *self._seen(player)])

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> FoolsolveState:
        """A state ``player_id`` cannot tell from this one: this state with the position replaced by
        a world drawn uniformly among those consistent with her view (the seat analysis' sampler,
        :func:`foolsolve.worlds.worlds_from_state`; nothing inferred from the other players' past
        moves), seeded by one draw of ``probability_sampler`` (OpenSpiel passes a
        ``UniformProbabilitySampler``: a seeded one gives the same worlds). Her observation and
        information-state strings are this state's; the other players' information-state strings
        keep the views they had of this state's past (the drawn world has no past of its own), and
        the drawn state cannot be serialized (its action history does not lead to it). With
        ``open_hands`` a clone. A ``ValueError`` while the deal is being played out (nothing is
        dealt yet: play its chance nodes first) or for a player that does not exist."""
        players = self.setup.players
        if isinstance(player_id, bool) or not isinstance(player_id, int) or not 0 <= player_id < players:
            raise ValueError(f"resample_from_infostate: player {player_id!r} does not exist ({players} players)")
        if self.pending_draw is not None or self.state is None:
            raise ValueError(f"resample_from_infostate: the deal is being played out (a chance node, {len(self.script)} "
                             "draws made): there is nothing dealt to resample yet; play the deal's chance nodes first")
        if self.setup.open_hands:
            out: FoolsolveState = self.clone()
            return out
        from foolsolve.worlds import worlds_from_state

        rng = random.Random(int(float(probability_sampler()) * 2**53))
        return self.drawn(worlds_from_state(self.setup.info, self.ops.to_spec(self.state), player_id).sample(rng))

    def drawn(self, world: Any) -> FoolsolveState:
        """A clone of this state with its position replaced by ``world`` (a foolsolve state one player
        cannot tell from this one's, drawn by a seat's sampler), marked as a drawn world: its
        history does not lead to it, so it refuses to be serialized. The one way a state of a drawn
        world is made (``resample_from_infostate``, :func:`seat_ismcts`' resampler)."""
        out: FoolsolveState = self.clone()
        out.state = out.ops.from_spec(world)
        out.core.world = True
        return out

    def spec_state(self) -> Any:
        """The foolsolve state (``None`` while the deal is being played out)."""
        return None if self.pending_draw is not None else self.ops.to_spec(self.state)

    def __str__(self) -> str:
        if self.pending_draw is not None:
            return f"dealing: {len(self.script)} draws made"
        return self.ops.whole(self.state)


INFOSTATE_TENSOR_REFUSED = (
    "foolsolve's OpenSpiel games give no information-state tensor (a perfect-recall record of a whole game has no "
    "fixed size): use the observation tensor (rl_environment's ObservationType.OBSERVATION, its default for these "
    "games) or the information-state string (docs/openspiel.md)")


class _Observer:
    """OpenSpiel's observer interface: ``kind`` is ``"player"`` (the observation), ``"recall"`` (the
    information state), ``"public"`` (the public observation, the same for every player) or
    ``"whole"`` (every player's private information: the whole position). Every kind has its string;
    every kind but ``"recall"`` has a tensor where the game has a tensor layout
    (:mod:`foolsolve.openspiel_tensor`), read from :meth:`FoolsolveState.view_form`: ``tensor`` (flat)
    and ``dict`` (its named pieces, views onto it). A tensor asked of a kind without one is a
    ``ValueError``."""

    def __init__(self, kind: str, params: Any, encoder: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.kind = kind
        self.encoder = encoder if kind != "recall" else None
        self.tensor: Any = None
        self.dict: dict[str, Any] = {}
        if self.encoder is not None:
            import numpy as np

            self.tensor = np.zeros(self.encoder.size, np.float32)
            self.dict = self.encoder.views(self.tensor)

    def set_from(self, state: FoolsolveState, player: int) -> None:
        """``tensor`` (and ``dict``) set to ``state`` as this observer sees it from ``player``'s seat: all
        zeros but the observer's number (a player's observation) while a deal is played out."""
        if self.encoder is None:
            raise ValueError(INFOSTATE_TENSOR_REFUSED if self.kind == "recall" else
                             f"{state.setup.info.title} has no tensor layout: its OpenSpiel game gives strings only")
        obj = state.view_form(self.kind, player)
        if obj is None:
            from foolsolve.worlds import VIEW_KEY

            obj = {VIEW_KEY: player} if self.kind == "player" else {}
        self.encoder.fill(self.tensor, obj)

    def string_from(self, state: FoolsolveState, player: int) -> str:
        """The string of this observer's kind (see the class)."""
        if self.kind == "recall":
            return state.information_state_text(player)
        if self.kind == "public":
            return state.public_text()
        if self.kind == "whole":
            return str(state)
        return state.observation_text(player)


def _observer_kind(iig_obs_type: Any) -> str:
    """The :class:`_Observer` kind of an OpenSpiel ``IIGObservationType`` (``None``: the default
    observation), or a ``ValueError`` naming a type the bridge does not give."""
    if iig_obs_type is None:
        return "player"
    recall, public, private = iig_obs_type.perfect_recall, iig_obs_type.public_info, iig_obs_type.private_info
    kinds = pyspiel.PrivateInfoType
    if public and private == kinds.SINGLE_PLAYER:
        return "recall" if recall else "player"
    if public and not recall and private == kinds.NONE:
        return "public"
    if public and not recall and private == kinds.ALL_PLAYERS:
        return "whole"
    raise ValueError(f"observation type not supported (perfect_recall={recall}, public_info={public}, "
                     f"private_info={private.name}): foolsolve's OpenSpiel games give a player's observation and "
                     "information state (public_info=True, private_info=SINGLE_PLAYER), the public observation "
                     "(perfect_recall=False, public_info=True, private_info=NONE) and the whole position "
                     "(perfect_recall=False, public_info=True, private_info=ALL_PLAYERS)")


# --- registration ----------------------------------------------------------------------------

_registered: set[str] = set()


def register(info: GameInfo) -> str:
    """Register one game with OpenSpiel (once); its OpenSpiel name."""
    name = openspiel_name(info)
    if name in _registered or name in pyspiel.registered_names():
        _registered.add(name)
        return name
    cls = type(f"Foolsolve_{info.name.replace('-', '_')}", (FoolsolveGame,), {"info": info})
    probe = cls()  # builds the game type the registry needs
    pyspiel.register_game(probe.get_type(), cls)
    _registered.add(name)
    return name


def register_all() -> list[str]:
    """Register every game of the registry; their OpenSpiel names."""
    return [register(info) for info in games.all_games()]


C_INT_RANGE = (-(2**31), 2**31 - 1)
"""The whole numbers an OpenSpiel game parameter holds (a C ``int``): pybind refuses any other
with a ``RuntimeError`` naming no parameter."""


def check_params(info: GameInfo, params: dict[str, Any]) -> dict[str, Any]:
    """``params`` checked before they reach OpenSpiel (whose own refusals are a pybind
    ``RuntimeError`` naming no parameter, or a ``SpielError``): each one of the game's parameters
    (:func:`default_params`), of its default's type (a bool, a whole number, a string), and a whole
    number within :data:`C_INT_RANGE`; else a one-line :class:`~foolsolve.errors.InputError` (a
    ``ValueError``) naming it: a rule option's own message where the option refuses the value (a
    ``streak_to_win`` of ``10**30`` is not one of 3 | 4 | 5), else the range. Returns them with any
    whole number type's value (a NumPy integer) as a plain ``int``."""
    import numbers

    from foolsolve.errors import got

    defaults = default_params(info)
    rule_options = {o.name for o in options_of(info.spec.rules_cls) if not o.fixed}
    out = dict(params)
    for name, value in params.items():
        if name not in defaults:
            raise InputError(f"{name}: not a parameter of {openspiel_name(info)} (its parameters: "
                             f"{', '.join(sorted(defaults))})")
        kind = type(defaults[name])
        if kind is bool:
            if not isinstance(value, bool):
                raise InputError(f"{name}: expected True or False, got {got(value)}")
        elif kind is int:
            if isinstance(value, bool) or not isinstance(value, numbers.Integral):
                raise InputError(f"{name}: expected a whole number, got {got(value)}")
            value = out[name] = int(value)
            low, high = C_INT_RANGE
            if not low <= value <= high:
                if name in rule_options:  # the option's own message, where it refuses the value
                    rules_from_json(info.spec.rules_cls, {name: value})
                raise InputError(f"{name}: {got(value)} is out of the range of OpenSpiel's whole-number "
                                 f"parameters ({low:,} to {high:,})")
        elif not isinstance(value, str):
            raise InputError(f"{name}: expected a string, got {got(value)}")
    return out


def load(game: str, **params: Any) -> FoolsolveGame:
    """``pyspiel.load_game`` of a foolsolve game by its foolsolve name, registering it first. With a
    ``position``, ``players`` and the rule options are the position's: one given with another value
    is an :class:`~foolsolve.errors.InputError` naming it (the same value is fine), and
    ``get_parameters()`` gives the position's. The parameters are checked first
    (:func:`check_params`): a value OpenSpiel cannot hold (a huge whole number, a float for a whole
    number) is a one-line :class:`~foolsolve.errors.InputError` (a ``ValueError``) naming it."""
    info = games.get(game)
    name = register(info)
    params = check_params(info, params)
    loaded: FoolsolveGame = pyspiel.load_game(name, params)
    if params.get("position"):  # (the game checked the values other than the defaults; these were all given)
        check_position_params(info, params, loaded.get_parameters(), {}, params["position"])
    return loaded


# --- OpenSpiel's IS-MCTS from one seat -------------------------------------------------------


@dataclass(repr=False)
class OpenSpielSearch:
    """What OpenSpiel's ``ISMCTSBot`` found at the root from ``player``'s seat
    (:func:`seat_ismcts`): per move (text, the spec's order) its visits and its mean return for that
    player (none for a move never visited), and the moves of its final policy (the most visited).
    ``str()`` (:meth:`text`) is a table of them, :meth:`to_json` a dict of JSON values (not text)."""

    game: str
    player: int
    simulations: int
    visits: dict[str, int]
    means: dict[str, float]
    best: list[str]

    def to_json(self) -> dict[str, Any]:
        """The search as a dict of JSON values: ``game``, ``player``, ``simulations``, ``best``, and
        ``moves``, one ``{"move", "visits", "mean"}`` a move (``mean`` ``None`` where not visited)."""
        return {"game": self.game, "player": self.player, "simulations": self.simulations, "best": list(self.best),
                "moves": [{"move": m, "visits": n, "mean": self.means.get(m)} for m, n in self.visits.items()]}

    def text(self) -> str:
        """A line saying what searched, then one line a move: its visits and mean return."""
        width = max((len(m) for m in self.visits), default=0)
        lines = [f"OpenSpiel ISMCTSBot, {self.simulations:,} simulations from player {self.player}'s seat "
                 f"({self.game}); best: {', '.join(self.best) or 'none'}"]
        for move, n in self.visits.items():
            mean = self.means.get(move)
            shown = "no visit" if mean is None else f"mean {mean:+.3f}"
            lines.append(f"  {move:{width}}  {n:>7,} visits  {shown}{'  *' if move in self.best else ''}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return (f"<OpenSpielSearch {self.game}: {self.simulations} simulations from player {self.player}'s seat, "
                f"best {', '.join(self.best) or 'none'}>")


def seat_ismcts(info: GameInfo, worlds: Any, simulations: int = 1000, seed: int = 0,
                uct_c: float = 1.0) -> OpenSpielSearch:
    """OpenSpiel's own ``ISMCTSBot`` searching from ``worlds.player``'s seat (she must be to
    move) through this bridge: its ``resample_from_infostate`` is the worlds object's sampler
    (:mod:`foolsolve.worlds`), so the bot sees only what the seat sees; leaves are valued by
    OpenSpiel's ``RandomRolloutEvaluator``. Its tree is keyed by observation strings (the mover's
    view, which keeps what the spec lets a player remember), and action sets differ between worlds at
    the other players' turns (their hands differ), so it runs with
    ``allow_inconsistent_action_sets``. Returns an :class:`OpenSpielSearch`."""
    import os
    import tempfile

    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    rng = random.Random(f"foolsolve-openspiel-ismcts:{seed}")
    first = worlds.sample(rng)
    spec = info.spec
    player = worlds.player
    if spec.to_move(first) != player:
        raise ValueError(f"player {player} is not to move")
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "world.json")
        with open(path, "w", encoding="utf-8") as f:
            json.dump(spec.state_to_json(first), f, ensure_ascii=False)
        game = load(info.name, position=path, players=spec.num_players(first))
    root = game.new_initial_state()

    def resample(state: FoolsolveState, who: int) -> FoolsolveState:
        return state.drawn(worlds.sample(rng))

    np_rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np_rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c, simulations, random_state=np_rng,
                           final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
                           use_observation_string=True, allow_inconsistent_action_sets=True)
    bot.set_resampler(resample)
    policy = bot.run_search(root)
    texts = [root.action_to_string(player, a) for a in root.legal_actions()]
    node = bot._root_node
    visits = {texts[a]: int(c.visits) for a, c in node.child_info.items()}
    means = {texts[a]: float(c.value()) for a, c in node.child_info.items() if c.visits}
    best = [texts[a] for a, p in policy if p > 0]
    return OpenSpielSearch(info.name, player, simulations, visits, means, best)
