"""Saved playthroughs (foolsolve/data/playthroughs/*.json, foolsolve.reference): whole games recorded move by move
from a start position, replayed through the spec and the engine; both must accept every
move and reach the recorded final position and result."""

import json

import pytest

from foolsolve import games
from foolsolve.reference import complete, playthrough_files

FILES = playthrough_files()


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_replay_reaches_the_recorded_end(path):
    rec = json.loads(path.read_text(encoding="utf-8"))
    info = games.get(rec["game"])
    spec, eng = info.spec, info.engine
    s = spec.state_from_json(rec["start"])
    e = eng.from_spec(s) if eng else None
    for i, text in enumerate(rec["moves"]):
        m = spec.parse_move(s, text)
        assert str(m) == text, f"move {i}"
        s = spec.apply(s, m)
        if eng is not None:
            e = eng.apply(e, eng.move_from_spec(e, m))
    # a recording may predate a knowledge field (what players know, SpecGame.knowledge_fields):
    # the end is compared on everything the rules read, and the knowledge on the fields it has
    end = spec.state_to_json(s)
    assert spec.without_knowledge(complete(end)) == spec.without_knowledge(rec["end"])
    assert all(end.get(k) == rec["end"][k] for k in spec.knowledge_fields if k in rec["end"])
    res = spec.result(s)
    assert (res.to_json() if res else None) == rec["result"]
    if eng is not None:
        assert spec.state_to_json(eng.to_spec(e)) == end
        eres = eng.result(e)
        assert (eres.to_json() if eres else None) == rec["result"]
