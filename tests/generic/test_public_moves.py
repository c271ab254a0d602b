"""What a player sees of a move (foolsolve/game.py: ``SpecGame.public_move``, ``public_record``),
checked for every game against its views (:func:`foolsolve.worlds.view_of`) over seeded random
games: a move's record as a player saw it names no card that her view after the move does not show
and that her view before it did not; a move whose every card her view after it shows face up (on
the table, in the centre, revealed, in her own hand: where it was not before) is seen whole, its
own text; the mover sees her own move whole. Every game whose spec hides some moves meets such
moves here."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from foolsolve import games
from foolsolve.game import CHANCE, SpecGame, draw_chance, legal_or_family, public_record, uniform_move
from foolsolve.present import move_object
from foolsolve.worlds import is_hidden, view_of


def card_words(spec: Any, view: dict[str, Any]) -> dict[str, str]:
    """Every text a card of the view's deck is written as (``7D`` and ``7♦``), with its ASCII name."""
    deck = spec.view_cards(view)[0]
    return {text: c.ascii for c in deck for text in (c.ascii, str(c))}


def cards_named(text: str, words: dict[str, str]) -> Counter[str]:
    """The cards a text names: its words that are a card's text, exactly (``as`` is no ace)."""
    return Counter(words[w] for w in text.replace(":", " ").replace(",", " ").split() if w in words)


def cards_in(obj: Any, words: dict[str, str], *, face_up: bool = False, skip: tuple[str, ...] = ()) -> Counter[str]:
    """The cards a view's JSON names anywhere but its rules, each as often as it names it
    (``face_up``: outside its hidden zones and the fields of ``skip``, what it shows face up)."""
    out: Counter[str] = Counter()
    stack = [v for k, v in obj.items() if k != "rules" and k not in skip]
    while stack:
        x = stack.pop()
        if isinstance(x, str):
            out += cards_named(x, words)
        elif isinstance(x, dict):
            if not (face_up and is_hidden(x)):
                stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)
    return out


def starts(info: Any, seed: int) -> list[Any]:
    """Whole-game starts: the game's random ones (random rules and players), and where a rule
    option brings a hidden move, a deal under it."""
    rng = random.Random(seed)
    spec = info.spec
    out = [info.random_game(rng) for _ in range(2)]
    if info.name == "fools-and-angels":
        out.append(spec.deal(spec.rules_cls(exchange=True), 2, rng))
    if info.name == "fools-paradise":  # a stock of unknown order: every draw a chance outcome
        obj = spec.state_to_json(spec.deal(spec.rules_cls(), 3, rng))
        obj["stock_size"] = len(obj.pop("stock"))
        out.append(spec.state_from_json(obj))
    return out


@pytest.mark.parametrize("info", games.all_games(), ids=lambda i: i.name)
def test_a_move_as_a_player_saw_it_names_only_cards_her_views_show(info):
    spec = info.spec
    rng = random.Random(7)
    hidden = checked = whole = 0
    for state in starts(info, 3):
        n = spec.num_players(state)
        views = [view_of(info, state, p) for p in range(n)]
        for _ in range(160):
            legal, family = legal_or_family(spec, state)
            if not legal and family is None:
                break
            mover = spec.to_move(state)
            move = draw_chance(spec.chance_outcomes(state), rng) if mover == CHANCE else uniform_move(legal, family, rng)
            after = spec.apply(state, move)
            seen = [view_of(info, after, p) for p in range(n)]
            cards = set(move_object(spec, move)["cards"])
            for p in range(n):
                record = public_record(spec, state, move, after, p)
                assert record.player == mover
                if p == mover:
                    assert record.move == str(move)
                    continue
                words = card_words(spec, seen[p])
                known = set(cards_in(views[p], words)) | set(cards_in(seen[p], words))
                named = set(cards_named(f"{record.move} {record.note}", words))
                assert named <= known, (str(move), p, record, named - known)
                # the cards the move turned face up for her (on the table, in her hand, revealed)
                shown = (cards_in(seen[p], words, face_up=True, skip=spec.knowledge_fields)
                         - cards_in(views[p], words, face_up=True, skip=spec.knowledge_fields))
                if all(c in shown for c in cards):
                    assert record.move == str(move), (str(move), p, record)  # seen whole
                    whole += 1
                hidden += record.move != str(move)
                checked += 1
            state, views = after, seen
    assert checked > 100 and whole > 20
    # a game that says it hides some moves meets them here; one that does not shows every move whole
    assert (hidden > 0) == (type(spec).public_move is not SpecGame.public_move), hidden


def test_a_temptation_discard_from_the_stock_tells_every_player_the_card_it_turned_up():
    """``discard stock`` names no card (the top card is taken unseen), yet the card goes face up to
    the discard, seen by both (reconstruction ``temptation_discard_shown``): its record said nothing
    of it, so the seats' ``played``, the human bot's lines and ``play``'s transcript lost a card every
    player saw. Its note names it, for the mover and the opponent alike."""
    import json

    from foolsolve.bundled import example_named

    info = games.get("fools-and-angels")
    spec = info.spec
    path = example_named("fools-and-angels-temptation.json")
    assert path is not None
    state = spec.state_from_json(json.loads(path.read_text()))
    move = next(m for m in spec.legal_moves(state) if str(m) == "discard stock")
    mover = spec.to_move(state)
    top = state.stocks[mover][0]
    after = spec.apply(state, move)
    for p in range(2):
        record = public_record(spec, state, move, after, p)
        assert record.move == "discard stock"
        assert record.note == f"{top} from the top of player {mover}'s stock, discarded face up"
        assert record.line(p).endswith(f"-- {top} from the top of player {mover}'s stock, discarded face up --")
