"""Where a player learns how cards and moves are written: ``foolsolve rules GAME`` gives each game's card
notation (read from its deck), ``play --help`` a move of every game, and a deal with more players than the
decks hold names the rule option that allows it."""

from __future__ import annotations

import json

import pytest

from foolsolve import games
from foolsolve.cards import DECKS
from tests.generic.test_cli import assert_one_line_error, run

CARD_NOTES = [
    ("durak", ["C clubs", "the Jokers: RJ and BJ"]),
    ("fools-paradise", ["2 3 4 5 6 7 8 9 10 J Q K A", "S spades"]),
    ("fools-and-angels", ["H hearts"]),
    ("foolery", ["C: Cavalier", "I to XXI", "the Fool: Fool"]),
    ("three-fools", ["R rock, P paper, S scissors", "Jo: Joker"]),
]
"""Per game: words of its card notation that `foolsolve rules GAME` prints."""


def test_every_game_has_its_card_notes_checked() -> None:
    assert sorted(g for g, _ in CARD_NOTES) == sorted(games.names())


@pytest.mark.parametrize("game, words", CARD_NOTES)
def test_rules_gives_each_games_card_notation(game: str, words: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["rules", game], capsys)
    assert code == 0
    line = next(x for x in out.splitlines() if x.startswith("cards, in position files and moves: "))
    assert all(w in line for w in words), line


@pytest.mark.parametrize("deck", sorted(DECKS))
def test_card_notation_example_and_ranks_read_as_cards_of_the_deck(deck: str) -> None:
    d = DECKS[deck]
    example = d.notation.split(", as ")[1].split(";")[0]
    assert d.parse(example) in d
    ranks = d.notation[d.notation.index("(") + 1:d.notation.index(")")].split(";")[0].split()
    suit = d.cards[0].ascii[len(d.cards[0].rank_text):]
    assert all(d.parse(r + suit) for r in ranks)


def test_play_help_gives_a_move_of_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["play", "--help"], capsys)
    assert code == 0
    for name in games.names():
        assert games.get(name).title in out
    assert "foolsolve rules GAME" in out.replace("\n", " ").replace("  ", " ")


def test_deal_with_more_players_than_one_deck_names_the_decks_option(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["deal", "fools-paradise", "--players", "12", "--seed", "1"], capsys)
    assert_one_line_error(code, err, "12 players need 65 cards", "decks = 2", """--rules '{"decks": 2}'""")
    code, out, err = run(["deal", "fools-paradise", "--players", "12", "--seed", "1", "--rules", '{"decks": 2}'],
                         capsys)
    assert code == 0, err
    assert len(json.loads(out)["hands"]) == 12
