"""Shared helpers for the Durak tests: build positions, play move texts, check invariants, and
one finished game (the bundled endgame played to its end)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from foolsolve.cards import FRENCH36, FRENCH52, Card
from foolsolve.spec import durak
from foolsolve.spec.durak import SPEC, State


def card(text: str) -> Card:
    """A card of the 52-card deck (shares indices with the 36-card deck)."""
    return FRENCH52.parse(text)


def pos(**fields: Any) -> State:
    """A position from JSON fields; defaults: trump spades, empty stock, 0 attacks 1. Read as a state
    set up by hand (:func:`made`): a rule is tried on a few cards, in a first bout or beside a short
    stock too."""
    obj: dict[str, Any] = {"game": "durak", "trump": "S", "stock": [], "attacker": 0, "defender": 1}
    obj.update(fields)
    return made(obj)


def made(obj: dict[str, Any]) -> State:
    """A state set up by hand from position JSON: every check of a position file but that the hands
    hold what the deal and the draws give them (``read_position(reachable=False)``), which a rule
    test on a few cards cannot keep (a first bout of three cards a hand, a one-card stock)."""
    return durak.read_position(obj, reachable=False)


def first_bout(hands: list[list[str]], table: list[list[Any]], bottom: str = "AS", **fields: Any) -> State:
    """A first-bout position as a deal of the 36-card deck leaves it, read as a position file: the
    hands with the cards each laid on the ``table`` make six apiece, the stock is every other card
    with ``bottom`` (the face-up trump) last."""
    used = {card(t) for t in [*(c for h in hands for c in h), *(c for pair in table for c in pair if c), bottom]}
    stock = [c.ascii for c in FRENCH36.cards if c not in used] + [bottom]
    obj: dict[str, Any] = {"game": "durak", "trump": card(bottom).suit, "attacker": 0, "defender": 1,
                           "first_bout": True, "hands": hands, "table": table, "stock": stock, **fields}
    return SPEC.state_from_json(obj)


def moves(state: State) -> list[str]:
    """The legal moves as text."""
    return [str(m) for m in SPEC.legal_moves(state)]


def play(state: State, *texts: str) -> State:
    """Apply moves given as text (``cover 9H with JH``)."""
    return SPEC.play(state, *texts)


class FixedDeck(random.Random):
    """An rng whose shuffle puts the deck in a given order (for deal tests)."""

    def __init__(self, order: list[str]) -> None:
        super().__init__(0)
        self.order = order

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        wanted = [card(t) for t in self.order]
        assert sorted(wanted) == sorted(x), "FixedDeck order must be a permutation of the deck"
        x[:] = wanted


def deck_order(first: list[str], deck: int = 36) -> list[str]:
    """``first`` followed by the rest of the deck in index order."""
    d = FRENCH36 if deck == 36 else FRENCH52
    used = {card(t) for t in first}
    return first + [c.ascii for c in d.cards if c not in used]


def check_invariants(state: State) -> None:
    """Everything the model promises about every reachable state."""
    deck = state.rules.deck_cards
    places: list[Card] = []
    for h in state.hands:
        places += list(h)
    places += list(state.stock)
    places += durak.table_cards(state)
    places += list(state.discard)
    assert len(places) == len(set(places)), "a card is in two places"
    assert set(places) == set(deck.cards), "cards are not conserved"
    assert list(state.table) == sorted(state.table, key=lambda e: e[0].index)
    res = SPEC.result(state)
    ph = durak.phase(state)
    covered = sum(1 for _, c in state.table if c is not None)
    assert state.defender_start == len(state.hands[state.defender]) + covered
    for p in state.out:
        assert not state.hands[p]
    if state.out:
        assert not state.stock
    if res is not None:
        assert ph == durak.OVER and not state.table and SPEC.legal_moves(state) == []
        assert state.to_move == state.attacker
        assert sum(res.payoffs) == 0
        return
    assert state.attacker not in state.out and state.defender not in state.out
    if state.rules.transfer_lead == "bout_leader" and state.table:
        assert state.defender != state.attacker  # a transfer may have left the bout's leader in place
    else:
        assert state.defender == durak.next_player(state, state.attacker)
    assert len(state.table) <= durak.cap(state)
    if ph == durak.REDEAL:  # right after a deal: a player with 5 or more cards of one suit decides
        assert state.rules.redeal_right and state.first_bout and not state.table and not state.discard
        assert state.to_move in durak.redeal_order(state.hands) and all(len(h) == 6 for h in state.hands)
        assert state.attacker == durak.lowest_trump_leads(state.hands, state.trump)
        assert [str(m) for m in SPEC.legal_moves(state)] == ["redeal", "keep"]
        return
    if ph == durak.LEAD:
        assert state.to_move == state.attacker and state.hands[state.attacker] and state.hands[state.defender]
        assert not state.taking and not state.shown
    elif ph == durak.DEFEND:
        assert state.to_move == state.defender
    else:
        assert state.rules.has_throw_ins
        assert durak.legal_throws(state, state.to_move)
        assert state.to_move in durak.throwers(state)
    if not state.table and not state.stock:
        assert all(state.hands[p] or p in state.out for p in range(state.players))
    legal = SPEC.legal_moves(state)
    assert legal, "non-terminal state without moves"
    keys = [SPEC.move_sort_key(m) for m in legal]
    assert keys == sorted(keys) and len(set(legal)) == len(legal)


ENDGAME = Path(__file__).resolve().parents[2] / "foolsolve" / "examples" / "durak-endgame.json"
TO_THE_END = ("attack 9D", "cover 9D with AD", "attack 7H", "take")
"""Moves that end :data:`ENDGAME`: player 0 is the fool, player 1 (to move) the winner."""


def finished() -> State:
    """:data:`ENDGAME` played to its end (:data:`TO_THE_END`): the tests' one finished Durak game."""
    state = SPEC.play(SPEC.state_from_json(json.loads(ENDGAME.read_text())), *TO_THE_END)
    assert SPEC.is_terminal(state)
    return state


def finished_file(folder: Path, name: str = "over.json") -> Path:
    """:func:`finished` written to ``folder / name`` as a position file."""
    path = folder / name
    path.write_text(json.dumps(SPEC.state_to_json(finished())))
    return path
