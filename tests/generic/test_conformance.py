"""Lockstep conformance for every registered game: spec and engine stepped together from
random deals under random rule options and player counts; at every step equal states,
players to move, results, legal-move sets and successor states (foolsolve.conformance)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from foolsolve import conformance, games

GAMES = [n for n in games.names() if games.get(n).engine is not None and games.get(n).random_game is not None]


# Each example is a whole game with every successor checked: a third of the profile's count.
@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=max(10, settings.default.max_examples // 3))
@given(seed=st.integers(min_value=0, max_value=2**63))
def test_spec_and_engine_agree_on_whole_random_games(name, seed):
    info = games.get(name)
    rng = random.Random(seed)
    d = conformance.lockstep(info, conformance.conform_start(info, rng), rng)
    assert d is None, f"{d.summary()}\nposition: {d.position}\nmoves: {d.history}"


@pytest.mark.parametrize("name", GAMES)
def test_registered_game_shape(name):
    """Every game answers the whole shape, and its deals round-trip through JSON."""
    info = games.get(name)
    rng = random.Random(7)
    state = info.random_game(rng)
    obj = info.spec.state_to_json(state)
    assert obj["game"] == name
    assert info.spec.state_from_json(obj) == state
    assert info.spec.legal_moves(state), "a fresh deal has legal moves"
    assert info.spec.result(state) is None


def test_ctrl_c_keeps_the_games_finished(monkeypatch, capsys):
    """Ctrl-C during 'foolsolve conform' prints what the games finished before it checked (they agree)
    and exits 130, as batch, arena and simulate keep their finished work, rather than 'interrupted'
    alone."""
    from tests.generic.test_cli import run

    real = conformance.lockstep
    calls = []

    def stop_at_the_third(*args, **kwargs):
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(conformance, "lockstep", stop_at_the_third)
    code, out, err = run(["conform", "fools-and-angels", "--cases", "10", "--seed", "1"], capsys)
    assert code == 130, err
    assert out.splitlines()[0].startswith("fools-and-angels: 2 games, ")
    assert "spec and engine agree in the 2 of 10 games finished before Ctrl-C stopped the run" in out
    assert "interrupted" in err


def test_sigterm_is_named_in_the_line_of_the_games_finished(monkeypatch, capsys):
    """SIGTERM during 'foolsolve conform' (its handler raises KeyboardInterrupt and marks the process
    terminated): the games finished are kept and the line names SIGTERM, not Ctrl-C; exit 143."""
    from foolsolve import errors
    from tests.generic.test_cli import run

    real = conformance.lockstep
    calls = []

    def stop_at_the_third(*args, **kwargs):
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(conformance, "lockstep", stop_at_the_third)
    monkeypatch.setattr(errors._Signals, "terminated", True)
    code, out, err = run(["conform", "fools-and-angels", "--cases", "10", "--seed", "1"], capsys)
    assert code == 143, err
    assert "spec and engine agree in the 2 of 10 games finished before SIGTERM stopped the run" in out
    assert "Ctrl-C" not in out


def test_the_shrunk_diverging_position_keeps_the_rules_fixed(tmp_path, monkeypatch):
    """conform GAME --rules without --engine: the diverging position is shrunk under the options
    --rules fixes (an engine wrong under every option: the shrinking may set none of the fixed ones
    back to its default, nor leave out the rules, which reads every one at its default)."""
    import json

    from foolsolve.rules import rules_to_json
    from tests.generic import toy_game
    from tests.generic.batch_helpers import call_main

    monkeypatch.chdir(tmp_path)
    games.register(toy_game.toy_info("moves"))  # a broken engine: more moves than the rules give
    try:
        code, out, err = call_main(["conform", "toy", "--cases", "20", "--seed", "3", "--rules", '{"max_take": 2}'])
        assert code == 1 and "DIVERGENCE moves" in out, (out, err)
        small = json.loads((tmp_path / "conform-toy-3.json").read_text())
        spec = games.get("toy").spec
        assert spec.rules_of(spec.state_from_json(small)).max_take == 2, small
        assert rules_to_json(spec.rules_of(spec.state_from_json(small))) == {"max_take": 2}
        # without --rules the same game's position is shrunk to the default option (the bug is in both)
        code, out, err = call_main(["conform", "toy", "--cases", "20", "--seed", "3"])
        assert code == 1, err
        small = json.loads((tmp_path / "conform-toy-3.json").read_text())
        assert spec.rules_of(spec.state_from_json(small)).max_take == 3, small
    finally:
        games.unregister("toy")
