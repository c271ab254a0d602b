"""Saved playthroughs (foolsolve/data/playthroughs/*.json, foolsolve.reference): whole games recorded move by move
from a start position, replayed through the spec and the engine; both must accept every
move and reach the recorded result and final position, which is exactly what the replay writes
complete (docs/engines.md: an engine of your own compares its last position with ``end``)."""

import json

import pytest

from foolsolve import games
from foolsolve.positions import standard_form
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
    assert complete(rec["start"]) == rec["start"]
    end = standard_form(spec, s, complete=True)
    assert end == rec["end"]
    assert json.dumps(end, ensure_ascii=False) == json.dumps(rec["end"], ensure_ascii=False)  # the same key order
    res = spec.result(s)
    assert (res.to_json() if res else None) == rec["result"]
    if eng is not None:
        assert standard_form(spec, eng.to_spec(e), complete=True) == end
        eres = eng.result(e)
        assert (eres.to_json() if eres else None) == rec["result"]
