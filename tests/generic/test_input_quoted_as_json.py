"""A message that quotes a value from the input spells it as JSON (``"ZZ9"``, ``true``, ``null``),
never as Python writes it (``'ZZ9'``, ``True``, ``None``): for every registered game, through the
command line, an unknown card and a card that is no string in a position file, a move text that
names no move and one with an unknown card (``play`` and ``why``), an unknown game's name, and an
option's value given on the command line."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from foolsolve import games
from tests.generic.test_cli import run

BAD_CARD = "ZZ9"


def _python_spelled(line: str) -> list[str]:
    """What in ``line`` reads as a Python spelling of a value: a text in single quotes, True, False or None."""
    return re.findall(r"'[^']*'|\b(?:True|False|None)\b", line)


def _first_card(obj: Any, deck: Any, path: tuple[Any, ...] = ()) -> tuple[Any, ...] | None:
    """The path of the first card text in a list of a position's JSON (a hand, a stock, a pile)."""
    if isinstance(obj, str):
        try:
            deck.parse(obj)
        except Exception:
            return None
        return path
    items = enumerate(obj) if isinstance(obj, list) else obj.items() if isinstance(obj, dict) else []
    for key, value in items:
        if isinstance(obj, dict) and isinstance(value, str):
            continue  # a card is read from a list
        found = _first_card(value, deck, (*path, key))
        if found is not None:
            return found
    return None


def _with(obj: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    out = json.loads(json.dumps(obj))
    place = out
    for key in path[:-1]:
        place = place[key]
    place[path[-1]] = value
    return out


def _error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    code, _out, err = run(argv, capsys)
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1, (argv, code, err)
    return lines[0]


@pytest.mark.parametrize("name", games.names())
def test_a_value_quoted_from_the_input_is_spelled_as_json(name: str, tmp_path: Path, capsys) -> None:
    info = games.get(name)
    position = tmp_path / "deal.json"
    code, _out, err = run(["deal", name, "--seed", "3", "--out", str(position)], capsys)
    assert code == 0, err
    obj = json.loads(position.read_text(encoding="utf-8"))
    where = _first_card(obj, info.meta.deck)
    assert where is not None, obj
    for value, shown in ((BAD_CARD, f'"{BAD_CARD}"'), (True, "true")):
        bad = tmp_path / "bad.json"
        bad.write_text(json.dumps(_with(obj, where, value)), encoding="utf-8")
        line = _error(["show", str(bad)], capsys)
        assert shown in line and not _python_spelled(line), line
    for text in (f"frobnicate {BAD_CARD}", f"play {BAD_CARD}", f"attack {BAD_CARD}"):
        for command in ("play", "why"):
            line = _error([command, str(position), text], capsys)
            assert not _python_spelled(line) and '"' in line, (command, text, line)


def test_an_unknown_games_name_is_spelled_as_json(capsys) -> None:
    line = _error(["rules", "duark"], capsys)
    assert 'unknown game "duark"; did you mean "durak"?' in line and not _python_spelled(line), line


ENDGAME = str(Path(__file__).resolve().parents[2] / "foolsolve" / "examples" / "durak-endgame.json")


@pytest.mark.parametrize(("argv", "said"), [
    (["conform", "durak", "--players", "2,x"], '--players: "x" is no count of players'),
    (["deal", "durak", "--players", "x"], '"x" is not a valid whole number.'),
    (["deal", "durak", "--seed", "it's"], '"it\'s" is not a valid whole number.'),
    (["arena", "durak", "--games", "x"], '"x" is not a valid whole number (1 or more).'),
    ([ENDGAME, "--max-nodes", "1.5"], '"1.5" is not a valid whole number (1 or more).'),
    ([ENDGAME, "--time", "soon"], '"soon" is not a valid number of seconds.'),
    ([ENDGAME, "--method", "best"], '"best" is not one of "auto", "exact", "pimc", "ismcts".'),
    (["perft", ENDGAME, "--impl", "x"], '"x" is not one of "spec", "engine", "both".'),
    (["solev", ENDGAME], 'unknown command "solev"; did you mean "solve"'),
    (["conform", "durak", "--engine", "/no/such/engine"], '--engine: cannot start "/no/such/engine"'),
])
def test_a_value_given_on_the_command_line_is_spelled_as_json(argv: list[str], said: str, capsys) -> None:
    """An option's value in an error (the project's messages and those of the option types: a whole
    number, a number of seconds, a choice) is quoted as JSON spells it, not as Python does ('x');
    the option and command names click puts around it are no value."""
    line = _error(argv, capsys)
    value = said.split('"')[1]
    assert said in line and f"'{value}'" not in line, line
