"""Every game's answers as JSON (Solved and SeatAnswer, from cheap examples): plain JSON types
that read back to an equal answer (docs/python.md, "Answers as JSON, and back")."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import foolsolve
import foolsolve.games

EXAMPLES = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"

ANSWERS = [
    ("durak-endgame.json", {}), ("views/durak-fresh-deal.json", {"samples": 3}),
    ("foolery-endgame.json", {}), ("foolery-endgame.json", {"as_player": 1, "samples": 3}),
    ("fools-and-angels-endgame.json", {}), ("views/fools-and-angels.json", {"samples": 2}),
    ("fools-paradise-endgame.json", {"time": 5}), ("views/fools-paradise.json", {"samples": 2}),
    ("three-fools-bluff.json", {}), ("views/three-fools.json", {}),
    ("views/three-fools.json", {"method": "ismcts", "samples": 20}),
    ("durak-endgame.json", {"options": {"moves": False}}),
    ("views/durak-three-players.json", {"method": "ismcts", "samples": 20}), ("durak-perevodnoy.json", {"samples": 3}),
]


def test_the_answers_cover_every_game() -> None:
    assert {json.loads((EXAMPLES / path).read_text())["game"] for path, _ in ANSWERS} == set(foolsolve.games.names())
IDS = [f"{name}{''.join(f',{k}={v}' for k, v in kw.items())}" for name, kw in ANSWERS]

_cache: dict[str, Any] = {}


def _answer(name: str, kwargs: dict[str, Any]) -> Any:
    key = name + repr(sorted(kwargs.items()))
    if key not in _cache:
        _cache[key] = foolsolve.answer(EXAMPLES / name, **kwargs)
    return _cache[key]


@pytest.mark.parametrize("name,kwargs", ANSWERS, ids=IDS)
def test_to_json_is_plain_json(name: str, kwargs: dict[str, Any]) -> None:
    j = _answer(name, kwargs).to_json()
    assert j == json.loads(json.dumps(j)), name  # no tuple (Fool's Paradise's scores were), no other type


def test_a_view_answer_of_the_games_own_solver_reads_back_with_the_view() -> None:
    view = EXAMPLES / "views" / "three-fools.json"
    a = _answer("views/three-fools.json", {})
    assert isinstance(a, foolsolve.Solved)
    back = foolsolve.Solved.from_json(a.to_json(), view)  # was: "position: a view; a solve result is about ..."
    assert back.text().splitlines()[0] == a.text().splitlines()[0]
    assert back.to_json() == a.to_json() | {"seconds": back.seconds, "nodes": back.nodes}


@pytest.mark.parametrize("name,kwargs", ANSWERS, ids=IDS)
def test_an_answer_read_back_from_its_json_is_the_same_answer(name: str, kwargs: dict[str, Any]) -> None:
    # every kind of answer the tool writes reads back with its position: to the same JSON, the same answer
    a = _answer(name, kwargs)
    obj = json.loads(json.dumps(a.to_json()))
    back = type(a).from_json(obj, EXAMPLES / name)
    assert back.to_json() == obj, name
    if isinstance(a, foolsolve.Solved):  # and with the full position it answered (of a view: the world it read)
        assert foolsolve.Solved.from_json(obj, a.state).to_json() == obj, name
    assert a.same_answer(back) and back.same_answer(a)


def test_the_same_answer_twice_is_the_same_answer_whatever_its_time_and_nodes() -> None:
    a, b = (foolsolve.answer(EXAMPLES / "durak-endgame.json") for _ in range(2))
    b.seconds, b.nodes = a.seconds + 1, a.nodes + 1
    assert a.same_answer(b) and a != b  # == compares every field, the timing too
    s, t = (foolsolve.answer(EXAMPLES / "views" / "durak-fresh-deal.json", samples=2, seed=4) for _ in range(2))
    t.seconds = s.seconds + 1
    assert s.same_answer(t)
    other = foolsolve.answer(EXAMPLES / "views" / "durak-fresh-deal.json", samples=2, seed=5)
    assert not s.same_answer(other) and not s.same_answer(a) and not a.same_answer(s)


def test_every_finished_games_answer_states_its_result(tmp_path, capsys):
    """A finished game's answer has the ``result`` object from the mover's seat as from any other:
    the command, a batch line and the stored answer read back alike."""
    from foolsolve import batch
    from tests.durak.helpers import finished_file
    from tests.generic.test_cli import run

    over = finished_file(tmp_path)
    store = tmp_path / "store.db"
    answers = []
    for args in ([], ["--as", "0"], ["--as", "1"], ["--store", str(store)], ["--store", str(store)]):
        code, out, err = run([str(over), "--json", *args], capsys)
        assert code == 0, err
        answers.append(json.loads(out))
    records: list[dict[str, Any]] = []
    batch.run([(1, json.dumps(str(over)), None)], lambda rec, job: records.append(rec), batch.Settings())
    answers.append(records[0]["result"])
    assert answers[-2]["stored"] is True
    assert all(a["result"] == answers[1]["result"] and a["result"]["label"] for a in answers), answers
    assert foolsolve.answer(over).to_json()["result"] == answers[1]["result"]
