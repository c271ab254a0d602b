"""``Position.moves(ascii=...)``: what ``foolsolve moves`` prints (``--ascii``), for a full position
and for a view whose player is to move."""

from __future__ import annotations

import json
from pathlib import Path

import foolsolve
from foolsolve.cards import ascii_cards
from tests.generic.batch_helpers import call_main

EXAMPLES = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"


def _cli_moves(path: Path, *args: str) -> list[str]:
    code, out, err = call_main(["moves", str(path), "--json", *args])
    assert code == 0, err
    return list(json.loads(out))


def test_moves_as_the_moves_command_lists_them_with_cards_in_either_form():
    path = EXAMPLES / "durak-midbout.json"
    pos = foolsolve.load(path)
    assert pos.moves() == _cli_moves(path) and any("♦" in m for m in pos.moves())
    assert pos.moves(ascii=True) == _cli_moves(path, "--ascii") == [ascii_cards(m) for m in pos.moves()]
    assert "cover 8D with 9D" in pos.moves(ascii=True)


def test_a_views_moves_in_ascii_too():
    view = foolsolve.load(EXAMPLES / "views" / "durak-fresh-deal.json")
    moves = view.moves()
    assert moves and view.moves(ascii=True) == [ascii_cards(m) for m in moves]
    assert all(m.isascii() for m in view.moves(ascii=True))


def test_ascii_is_checked():
    import pytest

    from foolsolve.errors import InputError

    with pytest.raises(InputError, match=r"^ascii: expected True or False, got 'yes'$"):
        foolsolve.load(EXAMPLES / "durak-midbout.json").moves(ascii="yes")
