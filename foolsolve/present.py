"""Readable text for every game: the status line, the rules in force, move transcripts.

All of it is generic: it reads the spec's game shape (``to_move``, ``result``, ``state_to_json``'s
``rules``, the optional ``boundary`` hook) and the rules' declarations
(:func:`foolsolve.rules.options_of`), never a game's name.
"""

from __future__ import annotations

import dataclasses
import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from foolsolve.cards import ascii_cards
from foolsolve.game import CHANCE
from foolsolve.rules import json_text, options_of, scoring_caveat


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` and the noun it counts: ``plural(1, "world")`` is ``1 world``, ``plural(1200, "world")``
    ``1,200 worlds``; ``many`` is the plural where it is not ``word`` + ``s`` (``plural(3, "match",
    "matches")``)."""
    return f"{n:,} {word if n == 1 else many or word + 's'}"


def signed(x: float) -> str:
    """A seat value, a mean or an interval's bound to three places, signed: ``+0.250``, ``-0.125``;
    ``0.000`` where it rounds to zero (never ``-0.000``, which a bound a hair below zero printed);
    ``+inf`` and ``-inf`` as such."""
    text = f"{x:+.3f}"
    return "0.000" if text in ("+0.000", "-0.000") else text


RANGE_DENOMINATOR = 12
"""The largest denominator :func:`payoff_end` writes a fraction with (Durak's best payoff ``1/(n-1)``
has 3 to 5 players' 1/2 to 1/5; Foolery's ``places`` halves)."""


def payoff_end(x: float) -> str:
    """An end of a payoff range as the game's own number reads best: a whole number as such (``-1``,
    ``10000``), a fraction of a small denominator whose decimal ends soon as that decimal (``0.5``,
    ``0.2``, ``1.5``), any other such fraction as a fraction (``1/3``, not ``0.333333``: Durak's
    four-player best payoff, whose float bound lies a hair above 1/3); else as ``:g`` prints it."""
    if not math.isfinite(x):
        return f"{x:g}"
    near = Fraction(x).limit_denominator(RANGE_DENOMINATOR)
    if abs(float(near) - x) > 1e-12 * abs(x):  # (relative: a tiny bound is not 0)
        return f"{x:g}"
    if near.denominator == 1:
        return str(near.numerator)
    d = near.denominator
    while d % 2 == 0:
        d //= 2
    while d % 5 == 0:
        d //= 5
    return f"{float(near):g}" if d == 1 else f"{near.numerator}/{near.denominator}"


def status(spec: Any, state: Any) -> str:
    """``player 1 to move``, ``chance to move``, or at the end who won (the result's label, with the
    reconstructed options its scores rest on: :func:`foolsolve.rules.scoring_caveat`)."""
    res = spec.result(state)
    if res is not None:
        return f"game over: {res.label}{scoring_caveat(getattr(state, 'rules', None))}"
    p = spec.to_move(state)
    return "chance to move" if p == CHANCE else f"player {p} to move"


def move_texts(spec: Any, state: Any, ascii: bool = False) -> list[str]:
    """The legal moves of ``state`` as ``foolsolve moves`` lists them, in the spec's order (``ascii``:
    cards as position files write them, ``8D``)."""
    return [spec.move_text(m, ascii) for m in spec.legal_moves(state)]


def move_object(spec: Any, move: Any) -> dict[str, Any]:
    """A move as a JSON object (the oracle's ``moves`` with ``"detail": true``), read off the game's
    own move type, the same way for every game: ``text`` (as ``foolsolve moves --ascii`` writes it),
    ``kind`` (its class's name in snake case: ``cover``, ``show_trump``, ``swap_piles``), ``cards``
    (every card it names, in ASCII, in the order of its fields) and ``fields`` (each field of the
    move dataclass that is part of the move, by name: a card in ASCII, a tuple of them a list, a
    number, word or true-or-false as it is; what only displays the move, Fool's Paradise's
    ``witness``, is left out)::

        {"text": "cover 8D with 9D", "kind": "cover", "cards": ["8D", "9D"],
         "fields": {"attack": "8D", "card": "9D"}}
    """
    import dataclasses

    cards: list[str] = []
    fields: dict[str, Any] = {}
    if dataclasses.is_dataclass(move):
        for f in dataclasses.fields(move):
            if f.compare:
                fields[f.name] = _field_json(getattr(move, f.name), cards)
    return {"text": spec.move_text(move, ascii=True), "kind": kind_name(type(move).__name__), "cards": cards,
            "fields": fields}


def kind_name(class_name: str) -> str:
    """A move class's name as a move object's ``kind``: ``ShowTrump`` is ``show_trump``."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", class_name).lower()


def _field_json(value: Any, cards: list[str]) -> Any:
    """A move's field as JSON, each card it holds added to ``cards``."""
    from foolsolve.cards import Card

    if isinstance(value, Card):
        cards.append(value.ascii)
        return value.ascii
    if isinstance(value, (tuple, list)):
        return [_field_json(v, cards) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


def status_json(spec: Any, state: Any, *, ascii: bool = False) -> dict[str, Any]:
    """What ``foolsolve show --json`` prints and the oracle's ``status`` request answers: the game,
    who is to move (``to_move``: a player, -1 for chance, ``null`` once the game is over), whether it
    is over (``over``), its result (``result``: a solve's ``result`` object, docs/results.md:
    ``label``, ``payoffs``, ``details``; ``null`` while it goes on) and the legal moves as ``foolsolve
    moves`` lists them (``ascii``: cards as position files write them, ``8D``)."""
    res = spec.result(state)
    return {"game": spec.name, "to_move": None if res is not None else spec.to_move(state), "over": res is not None,
            "result": None if res is None else res.to_json(),
            "moves": move_texts(spec, state, ascii)}


def changed_rules(spec: Any, state: Any) -> list[tuple[str, Any, Any]]:
    """Every rule option whose value in ``state`` differs from its default: (name, value, default),
    in declaration order (read from the position's JSON ``rules``)."""
    given = spec.state_to_json(state).get("rules") or {}
    out = []
    for o in options_of(spec.rules_cls):
        if o.name not in given:
            continue
        default = json.loads(json_text(o.default))
        if given[o.name] != default:
            out.append((o.name, given[o.name], default))
    return out


def rules_line(spec: Any, state: Any) -> str:
    """``rules: all defaults`` or ``rules (not the default): throwers=neighbours, ...``."""
    changed = changed_rules(spec, state)
    if not changed:
        return "rules: all defaults"
    return "rules (not the default): " + ", ".join(f"{name}={json.dumps(v, ensure_ascii=False)}"
                                                   for name, v, _ in changed)


def moot_rules(spec: Any, state: Any) -> tuple[dict[str, str], str | None]:
    """The rule options of ``state`` (a position, or a view file's :class:`foolsolve.worlds.View`)
    set off their default that cannot change play here, by the rules' one declaration of when each
    applies (:func:`foolsolve.rules.moot_options`): name to why, and the one-line note naming them
    (``None``: there are none). A note, not an error: a position may carry a table's house defaults."""
    from foolsolve.rules import moot_note, moot_options, rules_from_json

    obj = getattr(state, "obj", None)
    if obj is not None:  # a view file
        rules, players = rules_from_json(spec.rules_cls, obj.get("rules")), state.players
    else:
        rules = getattr(state, "rules", None)
        if rules is None or not dataclasses.is_dataclass(rules):
            return {}, None
        players = spec.num_players(state)
    return moot_options(rules, players), moot_note(rules, players)


def pre_html(text: str) -> str:
    """``text`` as a notebook shows it (``_repr_html_``): escaped, in a ``<pre>``, as printed."""
    import html

    return f"<pre>{html.escape(text)}</pre>"


def show_text(spec: Any, state: Any, view: Any = None) -> str:
    """What ``foolsolve show`` prints: the spec's description, the rules in force and the status;
    with ``view`` (a :class:`foolsolve.worlds.View` that ``state`` is a world of), the description as
    its player sees it (:func:`foolsolve.worlds.view_text` adds whose view it is)."""
    lines = [str(spec.describe(state) if view is None else spec.describe(state, view)), rules_line(spec, state)]
    if "to move" not in lines[0] and "game over" not in lines[0]:
        lines.append(status(spec, state))
    note = moot_rules(spec, state)[1]
    if note is not None:
        lines.append(f"note: {note}")
    return "\n".join(lines)


@dataclass
class Step:
    """One move of a transcript: who made it, the move, and whether it ended a bout (trick, turn)."""

    number: int
    player: int
    move: str
    boundary: bool
    state: Any
    note: str = ""
    """What the unit that ended decided (:meth:`~foolsolve.game.SpecGame.boundary_note`; empty: nothing
    to say, or no boundary)."""

    def who(self) -> str:
        """``player 0`` or ``chance``."""
        return "chance" if self.player == CHANCE else f"player {self.player}"


def steps(spec: Any, state: Any, moves: Sequence[str]) -> list[Step]:
    """Replay ``moves`` (texts) from ``state`` once (:meth:`~foolsolve.game.SpecGame.play_moves`):
    each with its mover (``to_move`` before it), the spec's ``boundary`` after it and the state it
    leads to. An illegal move raises :class:`~foolsolve.game.IllegalMove` naming its place and
    why, as :meth:`~foolsolve.game.SpecGame.play` does."""
    out = []
    for i, (move, after) in enumerate(spec.play_moves(state, moves)):
        ended = bool(spec.boundary(state, move, after))
        note = spec.boundary_note(state, move, after)  # (also of a move that ends no unit: a final tie's Roshambo)
        out.append(Step(i + 1, spec.to_move(state), str(move), ended, after, note))
        state = after
    return out


def trace(spec: Any, state: Any, moves: Sequence[str], *, ascii: bool = False, positions: bool = True,
          complete: bool = False) -> tuple[list[dict[str, Any]], Any]:
    """The moves (texts) played once from ``state``: each as a JSON object ``{"move" (as the spec
    writes it; ``ascii``: its cards as position files write them, ``8D``), "player" (-1: chance),
    "boundary" (whether it ended a bout, trick, turn or round: the transcript's ``-- end of bout --``),
    "note" (only where the spec says what the unit that ended, or the move, decided: Three Fools'
    round result, its final tie's Roshambo, :meth:`~foolsolve.game.SpecGame.boundary_note`),
    "position" (with ``positions`` only: the position after it, in standard form,
    :func:`foolsolve.positions.standard_form`; ``complete``: every rule option written)}``, and the
    state after the last. What ``play --json --trace`` prints, ``play`` writes as text
    (:func:`transcript_lines`) and the oracle's ``play`` request answers. An illegal move raises
    :class:`~foolsolve.game.IllegalMove` as :meth:`~foolsolve.game.SpecGame.play` does."""
    from foolsolve.positions import standard_form

    out: list[dict[str, Any]] = []
    for s in steps(spec, state, moves):
        record = {"move": ascii_cards(s.move) if ascii else s.move, "player": s.player, "boundary": s.boundary}
        if s.note:
            record["note"] = ascii_cards(s.note) if ascii else s.note
        if positions:
            record["position"] = standard_form(spec, s.state, complete)
        out.append(record)
        state = s.state
    return out, state


def transcript_lines(spec: Any, played: Sequence[dict[str, Any]], indent: str = "  ") -> list[str]:
    """Numbered lines naming the player of every move of ``played`` (:func:`trace`'s records), with
    a line after each bout (trick, turn)."""
    lines = []
    word = spec.boundary_name or "round"
    for number, step in enumerate(played, 1):
        who = "chance" if step["player"] == CHANCE else f"player {step['player']}"
        lines.append(f"{indent}{number:>3}. {who:<9} {step['move']}")
        if step["boundary"] or step.get("note"):
            lines.append(f"{indent}     {boundary_line(word, step.get('note', ''), step['boundary'])}")
    return lines


def boundary_line(word: str, note: str = "", ended: bool = True) -> str:
    """The transcripts' mark of a unit's end: ``-- end of bout --``, or with what it decided
    (:meth:`~foolsolve.game.SpecGame.boundary_note`) ``-- end of round: ... --``; a note of a move
    that ends no unit (``ended`` false: a final tie's Roshambo) ``-- ... --``."""
    if not ended:
        return f"-- {note} --"
    return f"-- end of {word}: {note} --" if note else f"-- end of {word} --"


def transcript(spec: Any, state: Any, moves: Sequence[str], indent: str = "  ") -> list[str]:
    """:func:`transcript_lines` of ``moves`` played from ``state``."""
    return transcript_lines(spec, trace(spec, state, moves, positions=False)[0], indent)


def write_text(path: str, text: str, option: str = "--out") -> None:
    """Write ``text`` to ``path`` through a temporary file (no partial file on an interrupt), or to
    standard output for ``-``; a path that cannot be written is an :class:`InputError` naming the
    ``option`` that gave it."""
    from foolsolve.positions import write_text_atomic

    write_text_atomic(path, text, option)
