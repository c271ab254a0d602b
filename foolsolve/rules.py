"""Rule options as data.

Every game's rules are one frozen dataclass whose fields are declared with :func:`option`.
Each option carries its default, a one-line docstring, the seed sentence it rests on
(file and section) and whether it is *from the source text* or a *reconstruction*. From
that one declaration come: validation of rules read from JSON (unknown option, bad value:
one-line :class:`InputError`), the ``foolsolve rules GAME`` listing, and random rule
draws for the conformance tests.

Example::

    @dataclass(frozen=True)
    class Rules:
        deck: int = option(36, choices=(36, 52), doc="Cards in the deck.",
                           source="001 §General rules: 'The game uses a single deck, with either 36 or 52'")
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import random
import types
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, TypeVar

from foolsolve.errors import InputError

T = TypeVar("T")
R = TypeVar("R")


@dataclass(frozen=True)
class OptionInfo:
    """Metadata of one rule option."""

    name: str
    default: Any
    doc: str
    source: str
    choices: tuple[Any, ...] | None
    reconstructed: bool
    fixed: bool
    parse: Callable[[Any], Any] | None
    variants: Callable[[Any], Iterable[Any]] | None = None
    """For an option without ``choices`` (a table, a number): the other values worth trying
    next to a given one (``foolsolve why`` tries them, one at a time)."""
    min_players: int | None = None
    """The option can change play only with at least this many players (``None``: any count)."""
    schema: dict[str, Any] | None = None
    """The JSON schema of the option's value where it has no ``choices`` (with choices it is their
    enum: :func:`option_schema`)."""
    scoring: bool = False
    """The option decides the scores a finished game prints (and so its winner): where it is also
    reconstructed, the printed result says so (:func:`scoring_caveat`)."""
    applies: tuple[tuple[str, tuple[Any, ...]], ...] = ()
    """The option can change play only where each option named here has one of the values given
    (Durak's transfer options: ``(("variant", ("perevodnoy",)),)``); empty: under any rules."""
    allowed: Callable[[], str] | None = None
    """For an option whose values a registry decides (Fools and Angels' face effects): its allowed
    values in words, read from the registry that ``parse`` checks against (:func:`allowed_text`)."""


@dataclass(frozen=True)
class Reconstruction:
    """A reading a spec takes where the text is silent and only one reading is sensible: not an
    option (nothing to choose), but listed by ``foolsolve rules GAME`` with its reason, so every
    reconstruction is visible. A spec lists them in its ``reconstructions``."""

    name: str
    reading: str
    """The reading the spec implements."""
    reason: str
    """Why no other reading is sensible (what the alternative would break)."""
    source: str
    """The seed sentence (file and section) the reading fills in."""


@dataclass(frozen=True)
class OutsideFact:
    """A fact the game needs that its source text does not give, taken from another public
    source that it names (Three Fools: which suit beats which, from the Pilatch deck's
    description): not an option and not a reconstruction (nothing is chosen or read in), but
    listed by ``foolsolve rules GAME`` under "From outside the text" with where it comes from and
    the sentence of the text that needs it. A spec lists them in its ``outside_facts``."""

    name: str
    fact: str
    """The fact, as the spec applies it."""
    origin: str
    """Where it comes from (``the Pilatch deck's public description``)."""
    needed_by: str
    """The seed sentence (file and section) that needs the fact and does not give it."""


def option(
    default: T,
    *,
    doc: str,
    source: str,
    choices: Sequence[Any] | None = None,
    reconstructed: bool = False,
    fixed: bool = False,
    parse: Callable[[Any], Any] | None = None,
    variants: Callable[[Any], Iterable[Any]] | None = None,
    min_players: int | None = None,
    schema: dict[str, Any] | None = None,
    scoring: bool = False,
    applies: Mapping[str, Sequence[Any]] | None = None,
    allowed: Callable[[], str] | None = None,
) -> T:
    """Declare a rule option (a dataclass field with metadata).

    ``choices``: the allowed values (``None``: any value ``parse`` accepts).
    ``reconstructed``: the text does not give this rule; the default is a reconstruction.
    ``fixed``: a rule, not an option (listed for completeness; cannot be changed).
    ``parse``: converts and checks a JSON value, raising ``ValueError`` on a bad one.
    ``variants``: for an option without ``choices``, the values next to a given one (each entry
    of a table changed one at a time, a number one up and one down): what ``foolsolve why``
    tries to find the values that would change a verdict.
    ``min_players``: the rule only comes into play with at least this many players (a sweep
    with fewer says that the option cannot matter there).
    ``schema``: the JSON schema of a value, for an option without ``choices`` (the game's position
    schema lists every option: :func:`rules_schema`).
    ``scoring``: the option decides the scores of a finished game (a reconstructed one is named
    beside every printed result: :func:`scoring_caveat`).
    ``applies``: the option can change play only where each option named has one of the values
    given (``{"variant": ("perevodnoy",)}``). With ``min_players``, the one declaration of when an
    option applies, read by :func:`cannot_matter`.
    ``allowed``: the allowed values in words, where a registry ``parse`` reads decides them (else
    they are read off ``choices`` or ``schema``: :func:`allowed_text`).
    """
    meta = {
        "foolsolve": {
            "doc": doc,
            "source": source,
            "choices": tuple(choices) if choices is not None else None,
            "reconstructed": reconstructed,
            "fixed": fixed,
            "parse": parse,
            "variants": variants,
            "min_players": min_players,
            "schema": schema,
            "scoring": scoring,
            "applies": tuple((k, tuple(v)) for k, v in (applies or {}).items()),
            "allowed": allowed,
        }
    }
    if isinstance(default, (list, dict, set)):
        raise TypeError("rule option defaults must be immutable")
    return dataclasses.field(default=default, metadata=meta)


def options_of(rules_cls: type) -> list[OptionInfo]:
    """The options of a rules dataclass, in declaration order."""
    return list(_options(rules_cls))


@functools.cache
def _options(rules_cls: type) -> tuple[OptionInfo, ...]:
    """:func:`options_of`, read from the class's fields once (a rules class never changes;
    positions print their rules often)."""
    out = []
    for f in dataclasses.fields(rules_cls):
        m = f.metadata.get("foolsolve")
        if m is None:
            continue
        out.append(OptionInfo(f.name, f.default, m["doc"], m["source"], m["choices"],
                              m["reconstructed"], m["fixed"], m["parse"], m.get("variants"),
                              m.get("min_players"), m.get("schema"), m.get("scoring", False),
                              m.get("applies", ()), m.get("allowed")))
    return tuple(out)


def _values(values: Sequence[Any]) -> str:
    return " or ".join(json_text(v) for v in values)


def cannot_matter(opt: OptionInfo, players: int | None = None, rules: Any = None) -> str | None:
    """Why ``opt`` cannot change play here (``None``: it can), as what its rule needs: with
    ``players`` players (fewer than its ``min_players``: ``applies with 3 or more players (here 2)``), or
    under ``rules`` (another option's value outside its ``applies``: ``applies only with variant
    "perevodnoy" (here "simple")``); each left out is not asked about (``rules`` a mapping: the
    options it names, as ``conform --rules`` fixes some and draws the rest). The one reading of
    :attr:`OptionInfo.min_players` and :attr:`OptionInfo.applies`."""
    why = []
    if opt.min_players is not None and players is not None and players < opt.min_players:
        why.append(f"applies {_players_need(opt.min_players)} (here {players})")
    if rules is not None:
        for name, values in opt.applies:
            if isinstance(rules, Mapping) and name not in rules:
                continue  # (a mapping of the options fixed so far: the others may take any value)
            value = rules[name] if isinstance(rules, Mapping) else getattr(rules, name)
            if not any(_same(value, v) for v in values):
                why.append(f"applies only {_option_need(name, values)} (here {json_text(value)})")
    return "; ".join(why) or None


def _players_need(n: int) -> str:
    return f"with {n} or more players"


def _option_need(name: str, values: Sequence[Any]) -> str:
    return f"with {name} {_values(values)}"


def applies_text(opt: OptionInfo) -> str | None:
    """When ``opt`` can change play, in the words of :func:`cannot_matter` (the same declaration,
    :attr:`OptionInfo.applies` and :attr:`OptionInfo.min_players`): ``applies only with variant
    "perevodnoy", with 3 or more players``; ``None`` where it can under any rules and player count
    (``foolsolve rules GAME`` prints it under the option)."""
    parts = [_option_need(name, values) for name, values in opt.applies]
    if opt.min_players is not None:
        parts.append(_players_need(opt.min_players))
    return "applies only " + ", ".join(parts) if parts else None


def applies_json(opt: OptionInfo) -> dict[str, Any] | None:
    """:func:`applies_text` as JSON (``foolsolve rules GAME --json``, the field ``applies``):
    ``{"options": {"variant": ["perevodnoy"]}, "min_players": 3, "text": ...}`` (``options``: each
    option named and the values under which this one can change play; ``min_players``: ``null``
    where any count), ``None`` where it can under any rules and player count."""
    text = applies_text(opt)
    if text is None:
        return None
    return {"options": {name: [_to_json_value(v) for v in values] for name, values in opt.applies},
            "min_players": opt.min_players, "text": text}


def moot_options(rules: Any, players: int | None = None) -> dict[str, str]:
    """The options ``rules`` (a rules dataclass, or a mapping of the options fixed, as ``conform
    --rules`` pins them) set off their default that cannot change play here (:func:`cannot_matter`):
    name to why, in declaration order. A position may carry them (a table's house defaults), so they
    are named in a note, not refused."""
    if isinstance(rules, Mapping):
        return {}
    return _moot(type(rules), {o.name: getattr(rules, o.name) for o in options_of(type(rules))}, rules, players)


def moot_pins(rules_cls: type, pins: Mapping[str, Any], players: Sequence[int] | None = None) -> dict[str, str]:
    """:func:`moot_options` of the options ``pins`` fixes, the others drawn (``conform --rules``):
    each cannot matter by the pinned options alone, or at every count of ``players`` given."""
    return _moot(rules_cls, pins, pins, max(players) if players else None)


def _moot(rules_cls: type, values: Mapping[str, Any], rules: Any, players: int | None) -> dict[str, str]:
    out = {}
    for o in options_of(rules_cls):
        if o.name not in values or o.fixed or _same(values[o.name], o.default):
            continue
        why = cannot_matter(o, players, rules)
        if why is not None:
            out[o.name] = why
    return out


def moot_line(moot: Mapping[str, str], values: Any) -> str | None:
    """One line naming the options of :func:`moot_options` or :func:`moot_pins` with their values
    (``values``: the rules, or the pins), ``None`` where there are none."""
    if not moot:
        return None

    def value(name: str) -> Any:
        return values[name] if isinstance(values, Mapping) else getattr(values, name)

    return ("rule options that cannot matter here: "
            + ", ".join(f"{name}={json_text(value(name))} ({why})" for name, why in moot.items()))


def moot_note(rules: Any, players: int | None = None) -> str | None:
    """:func:`moot_line` of :func:`moot_options`: one line, ``None`` where there are none."""
    return moot_line(moot_options(rules, players), rules)


def scoring_caveat(rules: Any) -> str:
    """What a printed result of a game played under ``rules`` adds where its scores rest on a
    reconstruction: `` (scoring reconstructed: card_points=value)``, naming each reconstructed
    option declared ``scoring`` with its value in force; empty where there is none (or ``rules``
    is no rules dataclass)."""
    if not dataclasses.is_dataclass(rules) or isinstance(rules, type):
        return ""
    named = [f"{o.name}={_bare(getattr(rules, o.name))}" for o in options_of(type(rules))
             if o.scoring and o.reconstructed]
    return f" (scoring reconstructed: {', '.join(named)})" if named else ""


def _bare(value: Any) -> str:
    """A value as a short line names it: a word without JSON's quotes, anything else as JSON."""
    return value if isinstance(value, str) else json_text(value)


def option_schema(info: OptionInfo) -> dict[str, Any]:
    """The JSON schema of one option's value: the enum of its ``choices``, else the ``schema`` it
    declares (an option with neither is a programming error)."""
    if info.choices is not None:
        return {"enum": [_to_json_value(c) for c in info.choices]}
    if info.schema is None:
        raise TypeError(f"rule option {info.name}: neither choices nor a schema")
    return info.schema


def allowed_text(info: OptionInfo) -> str:
    """An option's allowed values in words, from the data that checks them: its ``choices``
    (``false | true``), else its ``allowed`` (a registry's names), else its schema
    (:func:`schema_words`: ``1..48``)."""
    if info.choices is not None:
        return " | ".join(json_text(c) for c in info.choices)
    if info.allowed is not None:
        return info.allowed()
    return schema_words(option_schema(info))


def schema_words(schema: dict[str, Any]) -> str:
    """A JSON schema of an option's value in words: its ``description`` where it has one, else an
    integer's range (``1..8``), a constant, an enum, or the alternatives of ``oneOf``."""
    if "description" in schema:
        return str(schema["description"])
    if "oneOf" in schema:
        return " | ".join(schema_words(s) for s in schema["oneOf"])
    if "const" in schema:
        return json_text(schema["const"])
    if "enum" in schema:
        return " | ".join(json_text(c) for c in schema["enum"])
    if schema.get("type") == "integer":
        low, high = schema.get("minimum"), schema.get("maximum")
        if low is not None and high is not None:
            return f"{low}..{high}"
        return f"a whole number of at least {low}" if low is not None else "a whole number"
    return str(schema.get("type", "any JSON value"))


def rules_schema(rules_cls: type, description: str) -> dict[str, Any]:
    """The ``rules`` property of a game's position schema, made from its rules dataclass: every
    option with its allowed values, no other key (what :func:`rules_from_json` accepts, so the
    schema and the reading cannot drift: ``.ci/rules-schemas`` writes it into
    ``foolsolve/schemas/GAME.schema.json``, and a test checks it is there)."""
    return {"type": "object", "description": description, "additionalProperties": False,
            "properties": {o.name: option_schema(o) for o in options_of(rules_cls)}}


def schema_with_rules(text: str, rules_cls: type) -> str:
    """A position schema's text with its top-level ``properties.rules`` made by :func:`rules_schema`
    (its description kept), the rest of the text as it was."""
    import json

    obj = json.loads(text)
    old = obj["properties"]["rules"]
    start = text.index('"rules":', text.index('\n  "properties":'))  # the top level's (two spaces in)
    begin = text.index("{", start)
    _, end = json.JSONDecoder().raw_decode(text, begin)
    line_start = text.rfind("\n", 0, start) + 1
    indent = " " * (start - line_start)
    rules = rules_schema(rules_cls, old["description"])
    lines = [f'  "{k}": {json.dumps(v, ensure_ascii=False)},' for k, v in rules.items() if k != "properties"]
    props = rules["properties"].items()
    lines += ['  "properties": {', *(f'    "{k}": {json.dumps(v, ensure_ascii=False)},' for k, v in props)]
    lines[-1] = lines[-1].rstrip(",")
    new = "{\n" + "\n".join(indent + line for line in [*lines, "  }"]) + "\n" + indent + "}"
    return text[:begin] + new + text[end:]


def rules_option(text: str | None, option: str = "--rules") -> dict[str, Any]:
    """The rule options a command line's ``--rules JSON`` gives (``{}`` where it is not given): a
    JSON object, else the :class:`InputError` ``--rules: ...`` -- ``null``, an empty text, a list
    or a number are refused, not read as the defaults (a position file's ``"rules": null`` is
    another matter: :func:`rules_from_json`)."""
    if text is None:
        return {}
    from foolsolve.positions import parse_json

    if not text.strip():
        raise InputError(f"{option}: empty; give a JSON object of rule options, such as '{{}}' for the defaults")
    value = parse_json(text, option)
    if not isinstance(value, dict):
        raise InputError(f"{option}: expected a JSON object of rule options, not {json_text(value)[:40]}")
    return value


def rules_from_json(rules_cls: type[R], obj: Any, *, where: str = "rules") -> R:
    """Build a rules value from a JSON object; unknown options and bad values raise
    :class:`InputError` naming the option."""
    if obj is None:
        obj = {}
    if not isinstance(obj, dict):
        raise InputError(f"{where}: expected an object of rule options")
    infos = {o.name: o for o in options_of(rules_cls)}
    kwargs: dict[str, Any] = {}
    for key, value in obj.items():
        info = infos.get(key)
        if info is None:
            raise InputError(f"{where}.{key}: {unknown_option(rules_cls, key)}")
        if info.parse is not None:
            try:
                value = info.parse(value)
            except (ValueError, TypeError, InputError) as exc:
                raise InputError(f"{where}.{key}: {exc}") from None
        if info.choices is not None and not any(_same(value, c) for c in info.choices):
            allowed = " | ".join(json_text(c) for c in info.choices)
            raise InputError(f"{where}.{key}: {json_shown(value)} is not one of {allowed}")
        if info.fixed and not _same(value, info.default):
            raise InputError(f"{where}.{key}: a fixed rule, not an option (always {json_text(info.default)})")
        kwargs[key] = value
    try:
        return rules_cls(**kwargs)
    except (ValueError, TypeError) as exc:
        raise InputError(f"{where}: {exc}") from None


KNOWN_WIDTH = 120
"""The longest list of a game's options an unknown option's error writes out; a longer one is named
by the command that prints it (``foolsolve rules GAME``)."""


def unknown_option(rules_cls: type, key: str) -> str:
    """The words of an unknown rule option ``key`` of ``rules_cls`` (after its field): the game's
    options near it ("did you mean"), or the other game it is an option of, and the game's options
    (listed where short, else the command that lists them), so the message stays one short line."""
    import difflib

    from foolsolve import games

    names = sorted(o.name for o in options_of(rules_cls))
    game = next((g for g in games.all_games() if g.spec.rules_cls is rules_cls), None)
    others = [] if game is None else [g.title for g in games.all_games()
                                      if g is not game and key in {o.name for o in options_of(g.spec.rules_cls)}]
    near = difflib.get_close_matches(key, names, n=3, cutoff=0.6)
    if others and game is not None:  # another game's option: said first, a near name of this game's only if close
        near = [n for n in near if difflib.SequenceMatcher(None, key, n).ratio() >= 0.8]
        whose = f"an option of {' and '.join(others)}, not of {game.title}; "
    else:
        whose = ""
    hint = f"; did you mean {' or '.join(json_text(n) for n in near)}?" if near else ""
    known = ", ".join(names)
    listing = f"known: {known}" if len(known) <= KNOWN_WIDTH or game is None else \
        f"{game.title}'s {len(names)} options: see foolsolve rules {game.name}"
    return f"unknown rule option{hint} ({whose}{listing})"


def rule_option_words(key: str, title: str | None = None) -> str | None:
    """Where a solver option ``key`` (``-o KEY=VALUE``) is no solver's but a rule option, the words
    of its error (after the option's name): ``a rule option of Durak, not a solver option: rule
    options go in the position's "rules" object (or --rules, where the command has it)``; ``None``
    where it is no game's rule option. ``title``: the game asked about (its own option named alone)."""
    from foolsolve import games

    owners = [g.title for g in games.all_games() if key in {o.name for o in options_of(g.spec.rules_cls)}]
    if not owners:
        return None
    if title in owners:
        owners = [title]
    return (f"a rule option of {' and '.join(owners)}, not a solver option: rule options go in the position's "
            "\"rules\" object (or --rules, where the command has it)")


def _same(value: Any, choice: Any) -> bool:
    """``value`` is ``choice`` as JSON writes it: equal and of the same type, so ``true`` and
    ``1.0`` are not the choice ``1`` (Python's ``True == 1.0 == 1`` would let them through)."""
    return bool(value == choice) and type(value) is type(choice)


def rules_to_json(rules: Any, *, only_changed: bool = False) -> dict[str, Any]:
    """The options of a rules value as JSON (all of them, or only those off their default)."""
    out = {}
    for info in options_of(type(rules)):
        value = getattr(rules, info.name)
        if only_changed and value == info.default:
            continue
        out[info.name] = _to_json_value(value)
    return out


@dataclasses.dataclass(frozen=True)
class Among:
    """A value of :func:`random_rules`' ``fixed`` that draws the option among ``values`` only
    (one ``rng.choice`` call, as for a free option)."""

    values: tuple[Any, ...]


_PINNED: ContextVar[Mapping[str, Any]] = ContextVar("pinned rule options", default=types.MappingProxyType({}))


@contextlib.contextmanager
def pinning(pins: Mapping[str, Any]) -> Iterator[None]:
    """Within it, random rules keep the options ``pins`` gives (name -> value, as the rules
    dataclass holds it) at those values: :func:`random_rules` draws no other value for them and
    :func:`pin` sets them on rules a game's generator built otherwise (``conform --rules``)."""
    token = _PINNED.set(dict(pins))
    try:
        yield
    finally:
        _PINNED.reset(token)


def pin(rules: R) -> R:
    """``rules`` with the options pinned by :func:`pinning` at their pinned values (no pins: as
    given). A game's random whole-game start calls it on the rules it deals under."""
    pins = _PINNED.get()
    return dataclasses.replace(rules, **pins) if pins else rules  # type: ignore[type-var]  # (R: a rules dataclass)


def pinned() -> Mapping[str, Any]:
    """The options pinned by :func:`pinning` (empty outside it)."""
    return _PINNED.get()


_SEATED: ContextVar[int | None] = ContextVar("pinned number of players", default=None)


@contextlib.contextmanager
def seating(players: int | None) -> Iterator[None]:
    """Within it, a game's random whole-game start deals ``players`` players (``conform --players``;
    ``None``: its own draw): its generator calls :func:`pin_players` on the count it drew."""
    token = _SEATED.set(players)
    try:
        yield
    finally:
        _SEATED.reset(token)


def pin_players(drawn: int) -> int:
    """The number of players a random start deals: the one :func:`seating` fixes, else ``drawn``
    (the generator's own draw, made either way, so that its other draws are the same)."""
    fixed = _SEATED.get()
    return drawn if fixed is None else fixed


def seated() -> int | None:
    """The number of players fixed by :func:`seating` (``None`` outside it)."""
    return _SEATED.get()


def pins_from_json(rules_cls: type, obj: dict[str, Any], defaults: bool, *, where: str = "--rules") -> dict[str, Any]:
    """The options a command line pins (``conform --rules JSON``, ``--default-rules``): those ``obj``
    gives, read and checked as a position file's rules (:func:`rules_from_json`: an unknown option or
    value is an :class:`InputError` naming it), and with ``defaults`` every other option at its
    default."""
    given: Any = rules_from_json(rules_cls, obj, where=where)
    names = [o.name for o in options_of(rules_cls) if (defaults or o.name in obj)]
    return {name: getattr(given, name) for name in names}


def random_rules(rules_cls: type[R], rng: random.Random, **fixed: Any) -> R:
    """Rules with every option that has finite choices drawn at random (for conformance
    tests); ``fixed`` pins some options, and so does :func:`pinning` (over ``fixed``)."""
    fixed = {**fixed, **_PINNED.get()}
    kwargs: dict[str, Any] = {}
    for info in options_of(rules_cls):
        if info.name in fixed and isinstance(fixed[info.name], Among):
            kwargs[info.name] = rng.choice(fixed[info.name].values)
        elif info.name in fixed:
            kwargs[info.name] = fixed[info.name]
        elif info.choices is not None and not info.fixed:
            kwargs[info.name] = rng.choice(info.choices)
    return rules_cls(**kwargs)


_JSON_SCALARS = frozenset({bool, int, float, str})


def _to_json_value(value: Any) -> Any:
    if value is None or type(value) in _JSON_SCALARS:
        return value
    if isinstance(value, tuple):
        return [_to_json_value(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {k: _to_json_value(v) for k, v in dataclasses.asdict(value).items()}
    return value


def json_text(value: Any) -> str:
    """A value as it would be written in JSON (for listings and comparisons; whole, not cut), its
    numbers as JSON is written by hand (:func:`foolsolve.errors.json_spelled`: ``1e300``)."""
    from foolsolve.errors import json_spelled, quoted_repr

    try:
        return json_spelled(_to_json_value(value))
    except TypeError:
        return repr(value)
    except ValueError:  # a whole number too long to print
        return quoted_repr(value)


def json_shown(value: Any) -> str:
    """A value as a message about JSON input quotes it: :func:`json_text` cut to
    :data:`foolsolve.errors.QUOTE_WIDTH` characters, a whole number of more digits than Python
    prints said as such (a message stays one short line)."""
    from foolsolve.errors import cut

    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 1000:
        return "a whole number of more than 300 digits"
    return cut(json_text(value))


def cited(source: str, notes: str | None = None) -> str:
    """An option's ``source`` as a user reads it: the short quotes from the source text, without
    references to notes a user does not have (a ``RULES-NOTES`` part is dropped, or named as the
    game's notes page ``notes`` inside a sentence)."""
    import re

    page = notes or "the game's notes page"
    parts = [p for p in source.split("; ") if not re.match(r"\s*RULES-NOTES", p)]
    text = "; ".join(parts)
    text = re.sub(r"(?:shared/)?RULES-NOTES(?:\.md)?(?:\s*§\s*\d+)?", page, text)
    return re.sub(r"shared/seeds/", "", text)
