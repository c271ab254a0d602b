"""Cards and decks: sizes, stable indices, parsing and printing in every accepted form."""

import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from foolsolve.cards import (
    DECKS,
    FRENCH36,
    FRENCH52,
    PILATCH45,
    SUIT_BITS,
    TAROT78,
    TRUMP_BASE,
    Deck,
    iter_bits,
    suit_mask,
)
from foolsolve.errors import InputError

EXAMPLES = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"


def test_deck_sizes():
    assert (len(FRENCH36), len(FRENCH52), len(PILATCH45), len(TAROT78)) == (36, 52, 45, 78)


def test_french_indices_are_shared_by_36_and_52():
    for c in FRENCH36:
        assert FRENCH52.parse(c.ascii) == c
        assert c.index == FRENCH52.card(c.suit, c.rank).index


@pytest.mark.parametrize("text", ["TS", "10S", "10♠", "t♠", "ts"])
def test_ten_of_spades_every_form(text):
    c = FRENCH36.parse(text)
    assert (c.suit, c.rank) == ("S", 10)
    assert str(c) == "10♠" and c.ascii == "10S"


def test_index_layout_is_suit_major_with_16_bits_per_suit():
    c = FRENCH52.parse("AS")  # spades are slot 3, ace is rank 14
    assert c.index == 3 * SUIT_BITS + 14
    assert all(c.bit & suit_mask(i) for i, s in enumerate("CDHS") for c in FRENCH52 if c.suit == s)


def test_tarot_trumps_fool_and_cavalier():
    assert TAROT78.parse("XXI").index == TRUMP_BASE + 21
    assert TAROT78.parse("T21") == TAROT78.parse("xxi")
    assert TAROT78.parse("Fool").index == TRUMP_BASE
    cav = TAROT78.parse("CC")
    assert (cav.suit, cav.rank, str(cav)) == ("C", 12, "C♣")
    assert str(TAROT78.parse("1H")) == "A♥"


def test_pilatch_suits_ranks_and_jokers():
    assert {c.suit for c in PILATCH45} == {"R", "P", "X"}
    joker = PILATCH45.parse("JoS")
    assert (joker.suit, joker.rank, joker.ascii) == ("X", 15, "JoS")
    assert PILATCH45.parse("JokerR").rank == 15  # (no space: "Joker R" is no card)
    assert PILATCH45.parse("1P").rank == 1 and PILATCH45.parse("AP").rank == 14


@pytest.mark.parametrize("deck", list(DECKS.values()), ids=list(DECKS))
def test_every_card_round_trips_through_ascii_and_glyphs(deck: Deck):
    indices = [c.index for c in deck]
    assert len(set(indices)) == len(deck)
    for c in deck:
        assert deck.parse(c.ascii) == c
        assert deck.parse(str(c)) == c


def test_unknown_and_duplicate_cards_are_one_line_errors():
    with pytest.raises(InputError, match=r'hands\[0\]: unknown card "5S"'):
        FRENCH36.parse("5S", what="hands[0]")
    with pytest.raises(InputError, match="duplicate card 6H"):
        FRENCH36.parse_many(["6H", "6♥"])
    with pytest.raises(InputError):
        FRENCH36.parse(7)  # type: ignore[arg-type]


@given(st.sets(st.sampled_from(FRENCH52.cards)))
def test_mask_and_cards_of_are_inverse(cards):
    m = Deck.mask(cards)
    assert set(FRENCH52.cards_of(m)) == cards
    assert list(iter_bits(m)) == sorted(c.index for c in cards)


def _fields(card) -> tuple:
    return (card.index, card.suit, card.rank, card.deck_kind)


def test_cards_order_and_hash_as_the_tuple_of_their_fields():
    """Card compares, orders and hashes as the tuple (index, suit, rank, deck kind), across decks
    too (a tarot and a French card may share an index); its printed forms are made once."""
    import itertools
    import random

    every = [c for deck in DECKS.values() for c in deck]
    rng = random.Random(1)
    for a, b in itertools.chain(itertools.pairwise(every), ((rng.choice(every), rng.choice(every)) for _ in range(3000))):
        fa, fb = _fields(a), _fields(b)
        assert (a < b, a <= b, a > b, a >= b, a == b) == (fa < fb, fa <= fb, fa > fb, fa >= fb, fa == fb), (a, b)
        assert hash(a) == hash(fa)
    assert sorted(every) == sorted(every, key=_fields)
    with pytest.raises(TypeError):
        _ = every[0] < 3


def test_a_card_pickled_in_one_process_is_found_among_another_process_s_cards():
    """A card's hash is made from strings, whose hashes differ between processes: a pickled card
    (a pool worker's job or result) is made anew where it is read, so sets and dicts find it."""
    import pickle
    import subprocess
    import sys

    code = ("import pickle, sys\nfrom foolsolve.cards import DECKS\n"
            "cards = pickle.loads(sys.stdin.buffer.read())\n"
            "mine = {c for d in DECKS.values() for c in d}\n"
            "print(sum(c in mine for c in cards), len(cards), len(mine | set(cards)) == len(mine))")
    cards = [c for deck in DECKS.values() for c in deck]
    out = subprocess.run([sys.executable, "-c", code], input=pickle.dumps(cards), capture_output=True, check=True)
    assert out.stdout.split() == [str(len(cards)).encode(), str(len(cards)).encode(), b"True"]


@pytest.mark.parametrize("text", [" 6H", "6 H", "6h ", "10 ♥", "6♡", "6\tH", "\u00a06H"])
def test_a_card_with_spaces_or_a_hollow_suit_is_no_card(text):
    """A card is read only in its documented forms (10S / TS / 10♠, any case): a space inside or
    around it, or a hollow suit glyph, is one error naming the text, in a position file as in a
    move."""
    # quoted as JSON spells it, a character that prints as a blank escaped (\u00a0)
    with pytest.raises(InputError, match=re.escape(json.dumps(text, ensure_ascii=not text.isprintable()))):
        FRENCH36.parse(text, what="hands[0]")


@pytest.mark.parametrize("card", [" 6H", "6 H", "6h ", "10 ♥", "6♡"])
def test_a_position_file_with_such_a_card_is_a_one_line_error(tmp_path, capsys, card):
    from tests.generic.test_cli import assert_one_line_error, run

    obj = json.loads((EXAMPLES / "durak-midbout.json").read_text(encoding="utf-8"))
    obj["hands"][0][0] = card
    path = tmp_path / "p.json"
    path.write_text(json.dumps(obj, ensure_ascii=False), encoding="utf-8")
    code, _, err = run(["show", str(path)], capsys)
    assert_one_line_error(code, err, json.dumps(card, ensure_ascii=False))
    code, _, err = run(["play", str(EXAMPLES / "durak-midbout.json"), "cover 8D with 9♢"], capsys)
    assert_one_line_error(code, err, "9♢")


@pytest.mark.parametrize(("deck", "text"), [
    (FRENCH36, "6X"), (FRENCH36, "6Z"), (FRENCH52, "5X"), (DECKS["french54"], "5Z"), (PILATCH45, "5X"),
    (PILATCH45, "JoX"), (PILATCH45, "AX"), (PILATCH45, "5Z"), (PILATCH45, "5♠"), (TAROT78, "5X"), (TAROT78, "5Z"),
    (TAROT78, "5R")])
def test_a_suit_letter_no_suit_of_the_deck_names_no_card(deck: Deck, text: str):
    """The suit letters of a card's text are its deck's (C D H S, or R P S of the Pilatch deck,
    whose Scissors is X inside the card table only): any other is an unknown card."""
    with pytest.raises(InputError, match=rf'^hands\[0\]: unknown card "{text}" for the '):
        deck.parse(text, what="hands[0]")


GAME_HANDS = {  # an example of every game and the card of its first hand replaced
    "durak-endgame.json": ("hands", 0), "fools-and-angels-endgame.json": ("hands", 0),
    "fools-paradise-endgame.json": ("hands", 0), "foolery-endgame.json": ("hands", 1),
    "three-fools-first-round.json": ("hands", 0)}


@pytest.mark.parametrize("name", list(GAME_HANDS))
@pytest.mark.parametrize("bad", ["5X", "5Z", "9Q"])
def test_every_game_refuses_a_card_of_no_suit_on_one_line(name: str, bad: str, tmp_path: Path):
    from tests.generic.batch_helpers import call_main

    obj = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    key, seat = GAME_HANDS[name]
    obj[key][seat][0] = bad
    path = tmp_path / name
    path.write_text(json.dumps(obj), encoding="utf-8")
    code, out, err = call_main(["show", str(path)])
    assert (code, out) == (2, ""), err
    assert err.count("\n") == 1 and f'unknown card "{bad}"' in err and "Traceback" not in err, err
