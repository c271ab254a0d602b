"""What a spec's and an engine's ``apply`` do with something that is not a legal move here: a text,
``None``, a move of another game, a move of the game that is not legal in this position. Each is the
project's :class:`~foolsolve.game.IllegalMove` saying why, never an error from inside the rules (an
``AttributeError`` on a text) nor a state made from it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import foolsolve
from foolsolve import games
from foolsolve.cards import Card
from foolsolve.game import IllegalMove

EXAMPLES = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"


def _example(game: str) -> str:
    """The game's example position (a full position, not a view) with the most legal moves."""
    found = []
    for path in sorted(EXAMPLES.glob(f"{game}-*.json")):
        pos = foolsolve.load(path)
        if pos.game == game and not pos.is_view:
            found.append((len(pos.spec.legal_moves(pos.state)), path.stem))
    return max(found)[1]


EXAMPLE = {game: _example(game) for game in games.names()}


def _state(game: str) -> Any:
    return foolsolve.load(EXAMPLES / f"{EXAMPLE[game]}.json").state


def _elsewhere(game: str, state: Any) -> list[Any]:
    """Moves of ``game`` legal a few moves on from ``state`` (always the first move) but not in it."""
    spec = games.get(game).spec
    here = set(spec.legal_moves(state))
    out: list[Any] = []
    s = state
    for _ in range(8):
        moves = spec.legal_moves(s)
        if not moves:
            break
        out += [m for m in moves if m not in here and m not in out]
        s = spec.apply(s, moves[0])
    assert out, game
    return out[:6]


@pytest.mark.parametrize("game", sorted(EXAMPLE))
def test_a_spec_refuses_what_is_no_move_of_its_game(game: str):
    spec = games.get(game).spec
    state = _state(game)
    others = [games.get(g).spec.legal_moves(_state(g))[0] for g in EXAMPLE if g != game]
    for move in ["nonsense", str(spec.legal_moves(state)[0]), None, 3, (), *others]:
        with pytest.raises(IllegalMove) as exc:
            spec.apply(state, move)
        assert str(exc.value).startswith(f"move {move!r} is not a {spec.title} move (one of "), exc.value
        assert "parse_move reads one from its text" in str(exc.value)


@pytest.mark.parametrize("game", sorted(EXAMPLE))
def test_a_spec_refuses_a_move_of_its_game_illegal_here_and_says_why(game: str):
    spec = games.get(game).spec
    state = _state(game)
    for move in _elsewhere(game, state):
        with pytest.raises(IllegalMove) as exc:
            spec.apply(state, move)
        head = f"move {move} is not legal here: "
        assert str(exc.value).startswith(head) and len(str(exc.value)) > len(head) + 5, exc.value


@pytest.mark.parametrize("game", sorted(EXAMPLE))
def test_an_engine_refuses_what_is_not_a_legal_engine_move_here(game: str):
    engine = games.get(game).engine
    spec = games.get(game).spec
    state = _state(game)
    es = engine.from_spec(state)
    legal = list(engine.legal_moves(es))
    shapes = {type(m) for m in legal}
    wrong: list[Any] = ["nonsense", None, (), 2 ** 200, (2 ** 200, 1), spec.legal_moves(state)[0]]
    for g in EXAMPLE:
        other = games.get(g).engine
        wrong += list(other.legal_moves(other.from_spec(_state(g))))[:3]
    for move in _elsewhere(game, state):  # the engine's moves of positions a few moves on
        for s in _reach(spec, state, move):
            e2 = engine.from_spec(s)
            wrong += [m for m in engine.legal_moves(e2) if engine.move_to_spec(e2, m) == move]
    refused = 0
    for move in wrong:
        if type(move) in shapes and move in legal:  # another game's move may be one of this engine's
            continue
        with pytest.raises(IllegalMove, match=r"^(engine )?move .* is not legal here"):
            engine.apply(es, move)
        refused += 1
    assert refused >= 10


def _reach(spec: Any, state: Any, move: Any) -> list[Any]:
    """The states of the first-move line from ``state`` in which ``move`` is legal."""
    out = []
    s = state
    for _ in range(8):
        moves = spec.legal_moves(s)
        if not moves:
            break
        if move in moves:
            out.append(s)
            break
        s = spec.apply(s, moves[0])
    return out


def test_the_fools_and_angels_engine_refuses_a_big_hands_exchange_of_cards_not_in_it():
    """A turn whose exchanges are a family (not listed): a member is applied, an exchange of a card
    the hand lacks is refused."""
    import dataclasses
    import random

    from foolsolve.engines import fools_and_angels as E
    from foolsolve.spec import fools_and_angels as S

    spec = S.SPEC
    s = spec.deal(dataclasses.replace(S.Rules(), exchange=True), 2, random.Random(3))
    for _ in range(40):
        es = E.ENGINE.from_spec(s)
        family = E.ENGINE.legal_moves_split(es)[1]
        if family is not None and any(f.kind == "exchange" for f in family.kinds()):
            break
        s = spec.apply(s, spec.legal_moves(s)[0])
    else:
        pytest.fail("no turn with an exchange family on the line")
    hand = es[3 + es[2]]
    member = (E.EXCH, hand & -hand)
    assert E.ENGINE.to_spec(E.ENGINE.apply(es, member)) == spec.apply(s, E.ENGINE.move_to_spec(es, member))
    lacking = E.USED & ~hand
    with pytest.raises(IllegalMove, match=r"is not legal here"):
        E.ENGINE.apply(es, (E.EXCH, lacking & -lacking))


def _base_move(cls: type, card: Any) -> Any:
    """A move of class ``cls`` with every field a value of its kind (a card, a tuple of one card,
    0, True, the first of the field's choices): legal or not here, never refused for its fields."""
    import dataclasses
    import sys
    import typing

    hints = typing.get_type_hints(cls, vars(sys.modules[cls.__module__]))
    choices = getattr(cls, "FIELD_CHOICES", {})
    made = {Card: card, tuple[Card, ...]: (card,), tuple[int, ...]: (), int: 0, bool: True}
    kwargs = {f.name: choices[f.name][0] if f.name in choices else made[hints[f.name]]
              for f in dataclasses.fields(cls)}
    return cls(**kwargs)


def _of_its_kind(cls: type, name: str, value: Any) -> bool:
    """Whether ``value`` is of the kind field ``name`` of ``cls`` is annotated with (the table
    the test holds the moves to, apart from the code under test)."""
    import sys
    import typing

    hint = typing.get_type_hints(cls, vars(sys.modules[cls.__module__]))[name]
    if name in getattr(cls, "FIELD_CHOICES", {}):
        return isinstance(value, str) and value in cls.FIELD_CHOICES[name]  # type: ignore[attr-defined]
    return {Card: lambda: isinstance(value, Card),
            tuple[Card, ...]: lambda: isinstance(value, tuple) and all(isinstance(c, Card) for c in value),
            tuple[int, ...]: lambda: isinstance(value, tuple) and all(type(x) is int for x in value),
            int: lambda: type(value) is int, bool: lambda: type(value) is bool}[hint]()


@pytest.mark.parametrize("game", sorted(EXAMPLE))
def test_a_spec_refuses_a_move_of_its_class_with_a_bad_field_and_names_the_field(game: str):
    """Each move class's fields replaced by values of the wrong kind (None, a text, a list of cards,
    a float, a dict, a bool for an int, a card text for a card, another text for a choice):
    ``apply`` and ``why_illegal`` raise :class:`IllegalMove` naming the field, never another error
    nor a state; a value of the right kind (an int out of range, no cards) is judged by the rules,
    with a reason."""
    import dataclasses

    from foolsolve.cards import french_deck

    spec = games.get(game).spec
    state = _state(game)
    card = french_deck(6).cards[0]
    bad = [None, "x", "OWN", -1, 10 ** 30, (), [], [card], (card, "x"), ("ZZ",), 1.5, float("nan"), {"a": 1},
           True, False, 0, card]
    checked = 0
    for cls in spec.move_classes():
        base = _base_move(cls, card)
        for f in dataclasses.fields(cls):
            for value in bad:
                try:
                    move = dataclasses.replace(base, **{f.name: value})
                except (TypeError, ValueError):  # refused when made (a sorted tuple of mixed items)
                    continue
                stored = getattr(move, f.name)
                if _of_its_kind(cls, f.name, stored):
                    try:
                        spec.apply(state, move)
                    except IllegalMove as e:
                        assert not str(e).rstrip().endswith(":"), (move, e)
                    continue
                with pytest.raises(IllegalMove) as exc:
                    spec.apply(state, move)
                assert f"its {f.name} {stored!r} is " in str(exc.value), exc.value
                assert str(exc.value).startswith(f"move {move!r} is not a {spec.title} move: "), exc.value
                with pytest.raises(IllegalMove, match=f"its {f.name} "):
                    spec.why_illegal(state, move)
                checked += 1
    assert checked >= 10


def test_durak_refuses_a_lead_of_no_cards_saying_why():
    spec = games.get("durak").spec
    state = foolsolve.load(EXAMPLES / "durak-endgame.json").state
    from foolsolve.spec.durak import Attack

    with pytest.raises(IllegalMove, match=r"is not legal here: no cards: a lead is one card"):
        spec.apply(state, Attack(()))
