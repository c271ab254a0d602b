"""``foolsolve why POSITION MOVE``: why a move is legal or illegal here, for every game.

The reasons come from the spec itself: :meth:`foolsolve.game.SpecGame.why_illegal` asks the
spec's rule functions, which report every rule that rejects the move (rule function, seed
sentence, option in force). This module adds what is generic: reading the move text
(:meth:`SpecGame.read_move`, so a move that is not legal, or names a card nobody holds, is
still explained), trying every other value of every rule option on the same position (which
values would make the move legal, or illegal), the legal moves, and for a legal move what it
changes (the position fields before and after) and the rules it rests on.

Importing this module imports no game.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from typing import Any

import click

from foolsolve import jsonout
from foolsolve.errors import InputError, PositionError, got, quoted
from foolsolve.game import MAX_LISTED, Reason, SpecGame, legal_or_family
from foolsolve.rules import cited, json_text, options_of
from foolsolve.textout import ascii_option


@dataclass
class Explanation:
    """Everything ``foolsolve why`` says about one move text at one position."""

    seed: str
    text: str
    move: str | None
    """The move as the spec writes it (``None``: the text names no move of this game)."""
    legal: bool
    reasons: list[Reason]
    """Illegal: every rule against the move. Legal: the rules it rests on."""
    flips: list[tuple[str, Any]] = field(default_factory=list)
    """Option values (one option changed at a time) under which the verdict is the opposite."""
    impossible: list[tuple[str, Any, str]] = field(default_factory=list)
    """Option values (one at a time) under which this position could not arise (its file is refused
    as a position no play reaches), each with the refusal's reason."""
    decisive: list[tuple[str, Any]] = field(default_factory=list)
    """Those of ``impossible`` under which the move's verdict, read on this position as it stands,
    would also be the opposite (Durak's ``variant = "simple"`` for a throw-in: the bout would be
    over): the text report shows them with their reasons and leaves out the others (a deck size,
    the order of a pile), which ``--verbose`` and ``--json`` give."""
    sources: dict[str, str] = field(default_factory=dict)
    """The seed sentence of each option named in ``flips`` or ``impossible`` (as ``rules`` cites it)."""
    legal_moves: list[str] = field(default_factory=list)
    unlisted: tuple[str, int] | None = None
    """Where one family of legal moves is too long to list (Fools and Angels' exchanges of a big hand:
    :func:`foolsolve.game.legal_or_family`), its kind and how many it has; :attr:`legal_moves` lists
    the others."""
    effect: list[str] = field(default_factory=list)
    """For a legal move: what changes in the position (one line per changed field, as the position
    JSON writes it: ``--json`` and ``--verbose``)."""
    effect_words: list[str] = field(default_factory=list)
    """The same for a player (:func:`effect_words`): who is to move in words (``game over``), card
    slots without their empty places, a long record folded to one line."""
    error: str | None = None
    """Why the text names no move (then ``reasons`` is empty)."""
    readings: dict[str, str] = field(default_factory=dict)
    """The reading of each reconstruction a reason rests on (:attr:`Reason.reconstruction`), by name,
    as ``foolsolve rules`` lists it."""
    game: str = ""
    """The game's name (``foolsolve rules GAME``, where the reconstructions are listed)."""

    def __str__(self) -> str:
        """What ``foolsolve why`` prints (:meth:`lines`)."""
        return "\n".join(self.lines())

    def __repr__(self) -> str:
        if self.error is not None:
            return f"<Explanation {self.text!r}: not a move>"
        n = len(self.reasons)
        return (f"<Explanation {self.move}: {'legal' if self.legal else 'illegal'} "
                f"({n} {'reason' if n == 1 else 'reasons'})>")

    def _repr_html_(self) -> str:
        """A notebook shows the text :meth:`lines` gives, as the answers show theirs."""
        from foolsolve.present import pre_html

        return pre_html(str(self))

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {"move": self.move if self.move is not None else self.text, "legal": self.legal,
                "reasons": [r.to_json(self.seed) for r in self.reasons],
                "error": self.error,
                "options_that_flip": [{"option": o, "value": json.loads(json_text(v)), "source": self.sources.get(o, "")}
                                      for o, v in self.flips],
                "options_that_make_it_impossible": [
                    {"option": o, "value": json.loads(json_text(v)), "why": why, "source": self.sources.get(o, "")}
                    for o, v, why in self.impossible],
                "effect": self.effect, "legal_moves": self.legal_moves,
                **({} if self.unlisted is None else {"unlisted_moves": {"kind": self.unlisted[0],
                                                                        "count": self.unlisted[1]}})}

    def one_line(self) -> str:
        """The error line of ``foolsolve play`` (rules first, then the options, then moves)."""
        if self.error is not None:
            head = self.error
        elif self.legal:  # read as a legal move by `why` but not by the caller: never "not legal: <its grounds>"
            head = f"{self.move} is legal here, but {quoted(self.text)} was not read as it"
        else:
            head = "not legal: " + "; ".join(r.short(self.seed) for r in self.reasons)
        if self.flips and not self.legal:
            head += "; legal with " + ", ".join(f"{o}={json_text(v)}" for o, v in self.flips)
        return f"{head}; legal moves: {moves_listed(self.legal_moves, self.unlisted)} (foolsolve why explains)"

    def lines(self, verbose: bool = False) -> list[str]:
        """The human-readable report. Without ``verbose``: what the move does in a player's words
        (:attr:`effect_words`), the option values under which the position could not arise only where
        they would also change the verdict (:attr:`decisive`), and at most :data:`MOVES_SHOWN` legal
        moves; with it, the position fields as JSON writes them, each such option value with its
        reason, and every legal move."""
        out: list[str] = []
        if self.error is not None:
            # the text quoted once, cut as a message quotes it (errors.got), also where the error quotes it whole
            out.append(f"{got(self.text)} is not a move here: {self.error.replace(repr(self.text), got(self.text))}")
        elif self.legal:
            out.append(f"{self.move} is legal.")
            if self.reasons:
                out.append("It rests on:")
                out += [f"  - {r.rule}: {r.says}" + _cite_line(r, self.seed, self) for r in self.reasons]
            effect = self.effect if verbose or not self.effect_words else self.effect_words
            if effect:
                out.append("What it does:")
                out += [f"  {e}" for e in effect]
        else:
            out.append(f"{self.move} is not legal. Rules against it:")
            out += [f"  - {r.rule}: {r.says}" + _cite_line(r, self.seed, self) for r in self.reasons]
        if self.error is None:
            if self.flips:
                verdict = "illegal" if self.legal else "legal"
                out.append(f"Option values that would make it {verdict} (one option changed at a time):")
                out += [f"  {o} = {json_text(v)}" + self._source_line(o) for o, v in self.flips]
            # a value under which the move's verdict would also change is shown with its reason; the
            # others (a deck size, a pile's order) say nothing about the move: --verbose and --json only
            shown = [x for x in self.impossible if verbose or (x[0], x[1]) in self.decisive]
            if shown:
                out.append("Option values under which this position could not arise (one option changed at a time):")
                out += [f"  {o} = {json_text(v)}: {why}" + self._source_line(o) for o, v, why in shown]
            if not self.flips and not self.impossible:
                out.append("No other value of any one rule option changes that.")
        out.append(moves_line(self.legal_moves, verbose, self.unlisted))
        return out


    def _source_line(self, option: str) -> str:
        """The option's seed sentence under its value, unless a reason above names the option (and
        so cites its sentence already)."""
        source = self.sources.get(option)
        if not source or any(r.option == option for r in self.reasons):
            return ""
        return f"\n      {source}"


MOVES_SHOWN = 20
"""The legal moves ``why`` lists without ``--verbose`` (a Fool's Paradise turn may have over a thousand)."""


def _unlisted_text(unlisted: tuple[str, int] | None, listed: bool) -> str:
    """``, and 131,071 exchange moves, too many to list (...)`` after ``listed`` moves (without them, the
    same without ``, and ``), or nothing."""
    if unlisted is None:
        return ""
    text = f"{unlisted[1]:,} {unlisted[0]} moves, too many to list (foolsolve why POSITION MOVE tests one)"
    return f", and {text}" if listed else text


def moves_listed(moves: list[str], unlisted: tuple[str, int] | None = None) -> str:
    """The legal moves as one-line errors give them: every move where there are at most
    :data:`MOVES_SHOWN`, else the first of them, how many more and where to see them all (a
    one-line error stays a line a person reads); ``unlisted``: a family too long to list, its kind
    and count (:attr:`Explanation.unlisted`)."""
    more = _unlisted_text(unlisted, bool(moves))
    if not moves:
        return more or "none (the game is over)"
    if len(moves) <= MOVES_SHOWN:
        return ", ".join(moves) + more
    return (", ".join(moves[:MOVES_SHOWN]) + f", and {len(moves) - MOVES_SHOWN:,} more (foolsolve moves POSITION "
            "lists them all)" + more)


def moves_line(moves: list[str], verbose: bool = False, unlisted: tuple[str, int] | None = None) -> str:
    """``Legal moves: ...``: every move with ``verbose`` or when there are at most :data:`MOVES_SHOWN`,
    else the first of them, how many there are and where to see them all; ``unlisted`` as
    :func:`moves_listed` takes it."""
    more = _unlisted_text(unlisted, bool(moves))
    if not moves:
        return "Legal moves: " + (more or "none (the game is over)")
    if verbose or len(moves) <= MOVES_SHOWN:
        return "Legal moves: " + ", ".join(moves) + more
    return (f"Legal moves ({len(moves):,}; the first {MOVES_SHOWN}): " + ", ".join(moves[:MOVES_SHOWN])
            + f", and {len(moves) - MOVES_SHOWN:,} more (foolsolve moves POSITION lists them all)" + more)


def readings_of(spec: Any, reasons: list[Reason]) -> dict[str, str]:
    """The reading of each reconstruction of ``spec`` that ``reasons`` rest on, by name."""
    named = {r.reconstruction for r in reasons if r.reconstruction}
    return {rc.name: rc.reading for rc in spec.reconstructions if rc.name in named}


def _cite_line(r: Reason, seed: str, exp: Explanation | None = None, spec: Any = None) -> str:
    """The lines under a reason: its seed sentence, a fact from outside the text, the reconstruction
    it rests on (its name, as ``foolsolve rules GAME`` lists it, and its reading) and its option."""
    parts = []
    cite = r.cite(seed)
    if cite:
        parts.append(f"\n      {cite}")
    if r.reconstruction:
        readings = exp.readings if exp is not None else readings_of(spec, [r]) if spec is not None else {}
        game = exp.game if exp is not None else (spec.name if spec is not None else "")
        reading = readings.get(r.reconstruction, "")
        listed = f" ('foolsolve rules {game}' lists it)" if game else ""
        parts.append(f"\n      reconstruction {r.reconstruction}{listed}" + (f": {reading}" if reading else ""))
    if r.outside:
        parts.append(f"\n      from outside the text: {r.outside}")
    if r.option is not None:
        parts.append(f"\n      {r.option_words()}" + (" (not an option: 'foolsolve rules' lists the fixed rules)"
                                                       if r.fixed else ""))
    return "".join(parts)


def _verdict(spec: SpecGame[Any, Any], state: Any, text: str) -> bool | None:
    """Whether ``text`` is a legal move of ``state`` (``None``: it names no move there)."""
    try:
        move = spec.read_move(state, text)
    except InputError:
        return None
    return not spec.why_illegal(state, move)


def nearby_values(info: Any, current: Any) -> list[Any]:
    """The values ``foolsolve why`` tries of an option with neither choices nor declared variants
    (Fool's Paradise ``decks``, Fools and Angels ``stocks``, Three Fools ``roshambo``): its default,
    and for a whole number the bounds its schema declares and the numbers next to ``current``."""
    values = [info.default]
    if isinstance(current, int) and not isinstance(current, bool):
        schema = info.schema or {}
        low, high = schema.get("minimum"), schema.get("maximum")
        values += [v for v in (low, current - 1, current + 1, high)
                   if isinstance(v, int) and (low is None or v >= low) and (high is None or v <= high)]
    out: list[Any] = []
    for v in values:
        if v not in out and not (v == current and type(v) is type(current)):
            out.append(v)
    return out


def option_flips(spec: SpecGame[Any, Any], state: Any, text: str, legal: bool,
                 impossible: list[tuple[str, Any, str]] | None = None,
                 decisive: list[tuple[str, Any]] | None = None) -> list[tuple[str, Any]]:
    """Each other value of each rule option (one at a time) under which ``text`` is legal when
    it is not, or illegal when it is: every choice of an option with a list of choices, for
    a table-valued or numeric option the values its declaration names as next to the current
    one (``variants``: each entry of a table changed at a time), and for any other option its
    default, its declared bounds and the numbers next to the current one (:func:`nearby_values`).
    A value that makes the position itself impossible (the position file would be rejected) is left out, and added to
    ``impossible`` where given, with the reason (a position no play under that value reaches: a
    value the game's table cannot take at all, ``teams = "2v2"`` with two players, is not listed);
    ``decisive`` gets those of them under which the move's verdict, read on the position as it stands
    (not read back from its file), is the opposite too, or cannot be read."""
    rules = spec.rules_of(state)
    if not dataclasses.is_dataclass(rules) or isinstance(rules, type):
        return []
    out: list[tuple[str, Any]] = []
    for info in options_of(type(rules)):
        if info.fixed:
            continue
        if info.choices is not None:
            values = list(info.choices)
        elif info.variants is not None:
            values = list(info.variants(getattr(rules, info.name)))
        else:
            values = nearby_values(info, getattr(rules, info.name))
        for value in values:
            if value == getattr(rules, info.name) and type(value) is type(getattr(rules, info.name)):
                continue
            try:
                other = dataclasses.replace(rules, **{info.name: value})
                changed = spec.state_from_json(spec.state_to_json(spec.with_rules(state, other)))
            except PositionError as exc:
                if impossible is not None:
                    impossible.append((info.name, value, str(exc)))
                if decisive is not None and _decides(spec, state, other, text, legal):
                    decisive.append((info.name, value))
                continue
            except (InputError, ValueError, TypeError):
                continue
            verdict = _verdict(spec, changed, text)
            if verdict is not None and verdict != legal:
                out.append((info.name, value))
    return out


def _decides(spec: SpecGame[Any, Any], state: Any, rules: Any, text: str, legal: bool) -> bool:
    """Whether the verdict on ``text`` differs under ``rules`` read on ``state`` as it stands (a
    position those rules would refuse: the spec's rule functions may then fail, which counts as
    deciding, so the value is shown rather than left out)."""
    try:
        return _verdict(spec, spec.with_rules(state, rules), text) != legal
    except Exception:  # any failure on a position the rules refuse: show the value
        return True


def effect_lines(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """What changed between two position JSONs, one line per field: card lists as cards gone
    and added, other values as old -> new."""
    out: list[str] = []
    for key in sorted(set(before) | set(after)):
        a, b = before.get(key), after.get(key)
        if a == b:
            continue
        if a is None and isinstance(b, list) and b and all(_is_cards(y) for y in b):
            a = [[] for _ in b]  # a field left out when empty (a knowledge field: nothing known)
        if b is None and isinstance(a, list) and a and all(_is_cards(x) for x in a):
            b = [[] for _ in a]
        if isinstance(a, list) and isinstance(b, list) and _is_cards(a) and _is_cards(b):
            out.append(f"{key}: {_card_diff(a, b)}")
        elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b) and all(
                _is_cards(x) and _is_cards(y) for x, y in zip(a, b)):
            for i, (x, y) in enumerate(zip(a, b)):
                if x != y:
                    out.append(f"{key}[{i}]: {_card_diff(x, y)}")
        else:
            out.append(f"{key}: {json.dumps(a, ensure_ascii=False)} -> {json.dumps(b, ensure_ascii=False)}")
    return out


FOLD_AT = 100
"""A changed field whose line would be longer than this (a record of past rounds) is one line that
says so: ``why --verbose`` and ``--json`` give the values."""

FIELD_WORDS = {
    "hands": "player {p}'s hand", "piles": "player {p}'s pile", "stocks": "player {p}'s stock",
    "scores": "player {p}'s score", "table": "the table", "trick": "the trick", "stock": "the stock",
    "discard": "the discard pile", "centre": "the centre", "pool": "the pool", "phase": "the phase",
    "dealer": "the dealer", "leader": "the leader", "attacker": "the attacker", "defender": "the defender",
    "winner": "the winner", "round": "the round", "trump": "the trump",
}
"""Position fields every game names alike, in a player's words (``{p}``: the player of a field kept
per player); a spec adds its own (:attr:`foolsolve.game.SpecGame.field_words`)."""

PLAYER_FIELDS = ("to_move", "dealer", "leader", "attacker", "defender", "last_defender", "skipped", "winner",
                 "passed", "out", "contest")
"""Fields whose numbers name players: said as ``player 2`` (a list of them as ``players 1, 3``)."""


def field_words(spec: Any, name: str) -> str | None:
    """The words of the position field ``name`` (:data:`FIELD_WORDS`, the spec's own
    :attr:`~foolsolve.game.SpecGame.field_words` first), ``None`` where neither names it."""
    return spec.field_words.get(name, FIELD_WORDS.get(name))


def field_label(spec: Any, key: str) -> str:
    """A field of the position JSON as ``effect_words`` names it: ``hands[1]`` as ``player 1's hand``
    (:func:`field_words`); a field neither names, its name with spaces."""
    name, _, index = key.partition("[")
    words = field_words(spec, name)
    if words is None:
        return key.replace("_", " ")
    if index and "{p}" in words:
        return words.format(p=index.rstrip("]"))
    return words.replace("{p}", "each player") + (f" [{index}" if index else "")


def effect_words(spec: SpecGame[Any, Any], state: Any, after: Any, before: dict[str, Any],
                 after_json: dict[str, Any]) -> list[str]:
    """What a move changes, in a player's words: each field named as a player names it (``player 1's
    hand``, ``the table``: :func:`field_label`), who is to move (``player 2 -> game over``, ``->
    chance``) instead of the ``to_move`` number; a field kept per player one line a player
    (``player 0's score: 105 -> 141``); a number naming a player as that player (the file's ``-1`` as
    ``nobody yet``), yes and no for true and false; each card as the rest of the output writes it
    (``9♦``; ``--ascii`` makes it ``9D``); card lists with empty slots (``null``) read as the cards
    they hold; a table of attack and cover pairs as the cards laid and covered (``9♦ covers 8♦``); a
    word as it is, not as a JSON string; a list of records (a trick's plays, past rounds) as the
    records it gains (``the table: + player 1: 5♦``) or ``emptied``; a line longer than
    :data:`FOLD_AT` folded to ``the rounds played: changed``. The position JSON's own lines are
    :func:`effect_lines`."""
    def who(s: Any) -> str:
        if spec.result(s) is not None:
            return "game over"
        p = spec.to_move(s)
        return "chance" if p < 0 else f"player {p}"

    def is_slots(v: Any) -> bool:  # a row of card slots, some empty (null)
        return isinstance(v, list) and all(x is None or isinstance(x, str) for x in v)

    def slots(key: str, v: Any) -> Any:
        both = (before.get(key), after_json.get(key))
        if is_slots(v) and all(is_slots(x) or x is None for x in both) and any(
                isinstance(c, str) for x in both if x for c in x):
            return [x for x in v if x is not None]
        return v

    def word(v: Any, key: str = "") -> str:
        name = key.partition("[")[0]
        if isinstance(v, bool):
            return "yes" if v else "no"
        if name in PLAYER_FIELDS and isinstance(v, int):
            return f"player {v}" if v >= 0 else "nobody yet"  # (-1: the position file's "nobody")
        if name in PLAYER_FIELDS and isinstance(v, list) and all(isinstance(x, int) for x in v):
            return ("players " if len(v) > 1 else "player ") + ", ".join(map(str, v)) if v else "nobody"
        if name in PLAYER_FIELDS and v is None:
            return "nobody"
        if isinstance(v, list) and v and all(isinstance(x, list) for x in v):  # card lists, one a player
            return "; ".join(f"player {i} {' '.join(map(word, x))}" for i, x in enumerate(v) if x) or "none"
        if isinstance(v, str):
            return card(v) if name not in PLAYER_FIELDS and is_card(v) else v.replace("_", " ")
        return "none" if v is None else json.dumps(v, ensure_ascii=False)

    deck = spec.meta.deck

    def is_card(text: str) -> bool:
        try:
            return deck is not None and deck.parse(text).ascii == text
        except InputError:
            return False

    def card(text: str) -> str:  # a card as the rest of the output writes it (9♦; --ascii: 9D)
        return str(deck.parse(text)) if deck is not None and is_card(text) else text

    def cards(text: str) -> str:  # "-9D +KH" (a card list's change) as "-9♦ +K♥"
        return " ".join(t[0] + card(t[1:]) if t[:1] in "+-" and t[1:] and is_card(t[1:]) else card(t)
                        for t in text.split(" "))

    def records(v: Any) -> bool:  # a list of records (a trick's plays, past rounds)
        return isinstance(v, list) and all(isinstance(x, dict) for x in v)

    def record(d: dict[str, Any]) -> str:  # {"player": 1, "cards": ["5D"]} as "player 1: 5D"
        def value(v: Any) -> str:
            return word(v) if not isinstance(v, list) or (v and all(isinstance(x, list) for x in v)) else (
                " ".join(map(word, v)) or "none")

        words = [value(v) if k == "cards" else f"{k} {value(v)}" for k, v in d.items()]
        return words[0] + (": " + ", ".join(words[1:]) if len(words) > 1 else "")

    def pairs(v: Any) -> bool:  # a table of [attack, cover] pairs (Durak)
        return isinstance(v, list) and all(isinstance(x, list) and len(x) == 2 and isinstance(x[0], str)
                                           and (x[1] is None or isinstance(x[1], str)) for x in v)

    def pair_words(old: list[list[Any]], new: list[list[Any]]) -> str:
        if not new:
            return "emptied"
        was, now = {o[0]: o[1] for o in old}, {n[0]: n[1] for n in new}  # (each attack card laid once)
        if all(a in now and c in (None, now[a]) for a, c in was.items()):  # cards laid and covered, in any order
            laid = " ".join(card(n[0]) + (f" covered by {card(n[1])}" if n[1] else "") for n in new if n[0] not in was)
            return ", ".join([f"{card(n[1])} covers {card(n[0])}" for n in new
                              if n[0] in was and was[n[0]] is None and n[1] is not None] + ([f"+ {laid}"] if laid else []))
        return ", ".join(card(n[0]) + (f" covered by {card(n[1])}" if n[1] else "") for n in new)

    def per_player(key: str, old: Any, new: Any) -> bool:  # one value a player, each a number, word or none
        words = field_words(spec, key) or ""
        return ("{p}" in words and isinstance(old, list) and isinstance(new, list) and len(old) == len(new)
                and not any(isinstance(x, (list, dict)) for x in (*old, *new)))

    a = {k: slots(k, v) for k, v in before.items() if k != "to_move"}
    b = {k: slots(k, v) for k, v in after_json.items() if k != "to_move"}
    out = []
    for key in sorted(k for k in set(a) & set(b) if a[k] != b[k] and records(a[k]) and records(b[k])):
        old_r, new_r = a.pop(key), b.pop(key)
        if not new_r:
            out.append(f"{field_label(spec, key)}: emptied")
        elif new_r[:len(old_r)] == old_r:
            out.append(f"{field_label(spec, key)}: + " + "; ".join(record(x) for x in new_r[len(old_r):]))
        else:
            out.append(f"{field_label(spec, key)}: " + "; ".join(record(x) for x in new_r))
    for key in sorted(k for k in set(a) & set(b) if a[k] != b[k] and pairs(a[k]) and pairs(b[k])):
        out.append(f"{field_label(spec, key)}: {pair_words(a.pop(key), b.pop(key))}")
    for key in sorted(k for k in set(a) & set(b) if a[k] != b[k] and per_player(k, a[k], b[k])):
        old_v, new_v = a.pop(key), b.pop(key)
        out += [f"{field_label(spec, f'{key}[{i}]')}: {word(x, key)} -> {word(y, key)}"
                for i, (x, y) in enumerate(zip(old_v, new_v)) if x != y]
    for line in effect_lines(a, b):
        key, _, rest = line.partition(": ")
        old, arrow, new = rest.partition(" -> ")
        if arrow:
            rest = f"{word(json.loads(old), key)} -> {word(json.loads(new), key)}"
        else:
            rest = cards(rest)
        out.append(f"{field_label(spec, key)}: {rest}")
    out = [f"{line.partition(': ')[0]}: changed (why --verbose shows how)" if len(line) > FOLD_AT else line
           for line in out]
    out.sort(key=lambda line: line.partition(":")[0])
    moved = (who(state), who(after))
    if moved[0] != moved[1] or spec.result(after) is not None:
        out.append(f"to move: {moved[0]} -> {moved[1]}")
    return out


def _is_cards(v: Any) -> bool:
    return isinstance(v, list) and all(isinstance(x, str) for x in v)


def _card_diff(a: list[str], b: list[str]) -> str:
    gone = list(a)
    added = []
    for c in b:
        if c in gone:
            gone.remove(c)
        else:
            added.append(c)
    parts = ([f"-{' '.join(gone)}"] if gone else []) + ([f"+{' '.join(added)}"] if added else [])
    return " ".join(parts) if parts else "reordered"


def explain(spec: SpecGame[Any, Any], state: Any, text: str, *, flips: bool = True) -> Explanation:
    """Explain the move ``text`` at ``state`` (see the module docstring)."""
    listed, family = legal_or_family(spec, state, MAX_LISTED)  # every legal move that a list holds
    legal_moves = [str(m) for m in listed]
    unlisted = None if family is None else (family.kind, family.count)
    try:
        move = spec.read_move(state, text)
    except InputError as exc:
        return Explanation(spec.seed_file, text, None, False, [], legal_moves=legal_moves, error=str(exc),
                           unlisted=unlisted)
    reasons = spec.why_illegal(state, move)
    legal = not reasons
    exp = Explanation(spec.seed_file, text, str(move), legal, reasons, legal_moves=legal_moves, game=spec.name,
                      unlisted=unlisted)
    if legal:
        exp.reasons = spec.why_legal(state, move)
    exp.readings = readings_of(spec, exp.reasons)
    if legal:
        after = spec.apply(state, move)
        before_json, after_json = spec.state_to_json(state), spec.state_to_json(after)
        exp.effect = effect_lines(before_json, after_json)
        exp.effect_words = effect_words(spec, state, after, before_json, after_json)
    if flips:
        exp.flips = option_flips(spec, state, text, legal, exp.impossible, exp.decisive)
        rules = spec.rules_of(state)
        infos = {o.name: o for o in options_of(type(rules))} if dataclasses.is_dataclass(rules) else {}
        for name in [o for o, _ in exp.flips] + [o for o, _, _ in exp.impossible]:
            if name in infos:
                exp.sources[name] = cited(infos[name].source)
    return exp


@click.command("why")
@click.argument("position", type=click.Path(dir_okay=False))
@click.argument("move")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option("--verbose", is_flag=True,
              help="Print every legal move, what the move changes as the position file writes it, and the reason "
                   "for each option value under which the position could not arise.")
@ascii_option
def why(position: str, move: str, as_json: bool, verbose: bool) -> None:
    """Why is MOVE legal or illegal at POSITION?

    Names every rule that forbids the move (the spec's rule function, the seed sentence it
    rests on, the rule option in force), the option values that would change the verdict,
    and the legal moves (the first 20 of a long list; --verbose: all); for a legal move, the rules
    it rests on, including those it sets off (the end of a trick, a place, the end of the game),
    and what it changes. --json gives everything, as --verbose does. Either
    way the exit code is 0. A MOVE that names no move of the game (text that cannot be read
    as one, a card not in the deck) is, as with play, a one-line error (exit 2)."""
    from foolsolve.cli import load_position
    from foolsolve.positions import check_move_text
    from foolsolve.worlds import View

    check_move_text(move, "MOVE")
    info, state = load_position(position, views=True)
    if isinstance(state, View):
        click.echo(explain_view(state, move, as_json, strict=True, verbose=verbose))
        return
    exp = explain(info.spec, state, move)
    if exp.error is not None:
        raise not_a_move(move, exp.error, exp.legal_moves)
    if as_json:
        click.echo(jsonout.dumps(exp.to_json(), ensure_ascii=False, indent=1))
    else:
        click.echo("\n".join(exp.lines(verbose)))


def not_a_move(text: str, error: str, legal_moves: list[str] | None, name: str = "MOVE") -> InputError:
    """The error of ``foolsolve why`` for a MOVE that names no move of the game (``error``: why
    not, as :meth:`SpecGame.read_move` says), with the legal moves where they are known: one line,
    exit 2, as ``foolsolve play``'s. A move that is only illegal is explained instead. ``name``: the
    argument's name (``move`` in Python)."""
    tail = "" if legal_moves is None else "; legal moves: " + moves_listed(legal_moves)
    error = error.removeprefix("move: ")  # the reader's own name for the text: named once, as name
    return InputError(f"{name} {quoted(text)}: {error}{tail}")


def kept_back(reasons: list[Reason], player: int) -> list[Reason]:
    """``reasons`` as ``player``'s view may tell them: the reasons that read cards hidden from her
    (:attr:`Reason.hidden`) are one line in the place of the first, named by its rule, without
    their words, sentences, outside facts or options: which of them a world gives (a Joker's rule,
    a loss, the sentence of two suits or three) would tell her about those cards."""
    hidden = [r for r in reasons if r.hidden]
    if not hidden:
        return reasons
    at = reasons.index(hidden[0])
    said = Reason(hidden[0].rule, f"not told in player {player}'s view: it reads cards hidden from her", hidden=True)
    return [r for r in reasons[:at] if not r.hidden] + [said] + [r for r in reasons[at:] if not r.hidden]


def explain_view(view: Any, text: str, as_json: bool, samples: int = 64, *, strict: bool = False,
                 verbose: bool = False) -> str:
    """``why`` on a view file. When the viewer is to move her legal moves are the same in every world,
    so the rules are explained on one world (what the move changes is left out: it may depend on
    hidden cards). Otherwise: who is to move, and in how many of the worlds looked at the move is
    legal (every world of a small view, else ``samples`` sampled ones). With ``strict`` (the
    ``why`` command) a text that names no move (in no world looked at) is an :class:`InputError`
    (:func:`not_a_move`); without (``play --interactive``'s ``why``) the answer says so."""
    import random

    from foolsolve.worlds import Worlds

    spec = view.info.spec
    worlds = Worlds(view)
    rng = random.Random(0)
    first = worlds.sample(rng)
    mover = spec.to_move(first)
    if mover == view.player or spec.is_terminal(first):
        exp = explain(spec, first, text)
        if strict and exp.error is not None:
            raise not_a_move(text, exp.error, exp.legal_moves)
        exp.effect, exp.effect_words = [], []
        exp.reasons = kept_back(exp.reasons, view.player)
        if as_json:
            return jsonout.dumps({**exp.to_json(), "view": view.player}, ensure_ascii=False, indent=1)
        note = ([f"(player {view.player}'s view: what the move changes is not shown, it may depend on cards "
                 "hidden from her)"] if exp.legal else [])
        return "\n".join([*exp.lines(verbose), *note])
    count = worlds.count()
    exhaustive = count is not None and count <= samples
    states = list(worlds.enumerate()) if exhaustive else [first] + [worlds.sample(rng) for _ in range(samples - 1)]
    legal = 0
    unread: InputError | None = None
    shown: str | None = None
    against: set[tuple[tuple[str, str], ...]] = set()  # the rules against it, world by world
    first_reasons: list[Any] = []
    for s in states:
        try:
            move = spec.read_move(s, text)
        except InputError as exc:
            unread = unread or exc
            continue
        shown = shown or str(move)  # as a full position writes it (the first world that reads it)
        reasons = spec.why_illegal(s, move)
        legal += not reasons
        against.add(tuple(sorted((r.rule, r.says) for r in reasons)))
        first_reasons = first_reasons or reasons
    if strict and shown is None and unread is not None:
        raise not_a_move(text, str(unread), None)
    name = shown or text
    who = "chance" if mover < 0 else f"player {mover}"
    looked = f"all {len(states)}" if exhaustive else f"{len(states)} sampled"
    if as_json:
        return jsonout.dumps({"move": name, "view": view.player, "to_move": mover, "legal_in": legal,
                              "worlds": len(states), "every_world_looked_at": exhaustive}, ensure_ascii=False, indent=1)
    head = f"{who} is to move, not the viewer (player {view.player}): "
    if shown is not None and unread is None and len(against) == 1:
        # the same verdict for the same rules in every world: the hidden cards do not decide it
        some = f"{len(states)}{'' if exhaustive else ' sampled'} consistent worlds"
        if legal:
            return head + f"{quoted(name)} is legal in all {some}."
        return "\n".join([head + f"{quoted(name)} is not legal in any of the {some}, by the same rules in each:",
                          *[f"  - {r.rule}: {r.says}" + _cite_line(r, spec.seed_file, spec=spec) for r in first_reasons]])
    return head + (f"whether {quoted(name)} is legal depends on cards she cannot see. It is legal in {legal} of {looked} "
                   "consistent worlds.")
