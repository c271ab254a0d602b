"""Proofs about Three Fools (002): the engine's own round winner equals the spec's, and the
card accounting for the cross-game conservation proof.

The round winner's domain is finite and small, so it is checked whole: every ordered triple of
three distinct cards of the 45 (one per seat) under both sides of the binary card, and, where
all three suits show, the Roshambo that decides it. The engine's per-card tables it reads (the
strength of a card under each side of the binary card, which suit beats which) are compared
with the spec's in Z3 over a symbolic card.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product
from typing import Any

from foolsolve.cards import PILATCH45, PILATCH_SUITS, Card
from foolsolve.proofs.registry import CardAccounting, Outcome, Proof, tables_equal
from foolsolve.spec import three_fools as tf

ROSHAMBO_ROWS: tuple[tuple[Fraction, Fraction, Fraction], ...] = (
    (Fraction(1, 3), Fraction(1, 3), Fraction(1, 3)),
    (Fraction(1, 2), Fraction(1, 4), Fraction(1, 4)),
    (Fraction(1, 4), Fraction(1, 2), Fraction(1, 4)),
    (Fraction(1, 4), Fraction(1, 4), Fraction(1, 2)),
    (Fraction(1, 6), Fraction(1, 3), Fraction(1, 2)),
)
"""The rows (a seat's rock, paper, scissors) of the Roshambo tables checked: every table of three
of these rows (125 tables), and ``uniform``."""
CONTESTS = ((0, 1, 2), (0, 1), (0, 2), (1, 2))


def _roshambo_tables() -> list[Any]:
    out: list[Any] = ["uniform"]
    for rows in product(ROSHAMBO_ROWS, repeat=3):
        out.append(tuple(tuple(str(x) for x in row) for row in rows))
    return out


def _engine_round_winner_equals_spec() -> Outcome:
    """See the proof's statement."""
    from foolsolve.engines import three_fools as engine

    cards = list(PILATCH45.cards)
    slot = {s: i for i, s in enumerate(PILATCH_SUITS)}
    tables = [
        ("strength, binary down", lambda c: engine.STRENGTH[0][c.index], lambda c: tf.strength(c, tf.DOWN)),
        ("strength, binary up", lambda c: engine.STRENGTH[1][c.index], lambda c: tf.strength(c, tf.UP)),
        ("the suit it beats", lambda c: engine.SLOT_BEATS[c.index >> 4], lambda c: slot[tf.BEATS[c.suit]]),
    ]
    for what, eng, spc in tables:
        out = tables_equal(what, cards, eng, spc)
        if not out.proved:
            return out
    rounds = 0
    for binary, up in ((tf.DOWN, 0), (tf.UP, 1)):
        for a, b, c in product(cards, repeat=3):
            if a == b or a == c or b == c:
                continue
            rounds += 1
            want = tf.round_winner((a, b, c), binary)
            got = engine.winner_of(a.index, b.index, c.index, up)
            if (None if got < 0 else got) != want:
                def seat(w: int | None) -> str:
                    return "Roshambo" if w is None else f"seat {w}"
                return Outcome(False, f"binary {binary}, cards by seat {a.ascii} {b.ascii} {c.ascii}: the engine's "
                                      f"winner {seat(None if got < 0 else got)}, the spec's {seat(want)}")
    n = 0
    for table in _roshambo_tables():
        rules = tf.Rules(roshambo=table)
        for contest in CONTESTS:
            n += 1
            want_odds = tf.roshambo_odds(rules, contest)
            got_odds = dict(engine.roshambo_distribution(rules.roshambo, contest))
            if got_odds != want_odds:
                return Outcome(False, f"Roshambo between seats {contest}, table {table}: the engine's odds "
                                      f"{ {p: str(v) for p, v in got_odds.items()} }, the spec's "
                                      f"{ {p: str(v) for p, v in want_odds.items()} }")
        bracket = tf.Rules(roshambo=table, roshambo_format="leader_bye")
        for bye in range(3):
            n += 1
            want_odds = tf.roshambo_odds(bracket, (0, 1, 2), bye)
            got_odds = dict(engine.bracket_distribution(bracket.roshambo, (0, 1, 2), bye))
            if got_odds != want_odds:
                return Outcome(False, f"Roshambo as a bracket with seat {bye}'s bye, table {table}: the engine's "
                                      f"odds { {p: str(v) for p, v in got_odds.items()} }, the spec's "
                                      f"{ {p: str(v) for p, v in want_odds.items()} }")
    return Outcome(True, f"{rounds} rounds; {n} Roshambo contests")


def _zones(state: tf.State) -> dict[str, list[Card]]:
    out: dict[str, list[Card]] = {f"hand {p}": list(h) for p, h in enumerate(state.hands)}
    out.update({f"pile {p}": list(pile) for p, pile in enumerate(state.piles)})
    out["centre"] = [c for c in state.centre if c is not None]
    return out


CARD_ACCOUNTING = CardAccounting(
    zones=_zones, deck=lambda state: Counter(PILATCH45.cards),
    note="hands, piles and the face-down cards in the centre (every card of the 45 is always in one of them)")
"""Three Fools keeps every card in play: a round's cards and Roshambo bonus go under a pile."""


PROOFS = [
    Proof("three_fools.engine_round_winner_equals_spec",
          "The engine's own round winner (winner_of, as its move generator calls it) equals the spec's round_winner "
          "for every round: every ordered triple of distinct cards, one per seat, under both sides of the binary "
          "card (exhaustive: the whole domain; the declared suit and every rule option leave the winner alone); "
          "where three suits show and Roshambo decides, the engine's odds equal the spec's roshambo_odds for every "
          "contest of two or three seats under uniform Roshambo and 125 seat tables; the engine's card tables it "
          "reads (strength under each side, the suit each suit beats) equal the spec's (Z3 over a symbolic card).",
          _engine_round_winner_equals_spec),
]
