"""The registry: a game declared once (one glue module, one registry line) gets every command
of the CLI without any change to shared code. The toy game (tests/generic/toy_game.py) is registered
at run time and driven through ``moves``, ``play``, ``show``, ``deal``, ``conform``, ``perft``,
``rules``, ``games`` and solve."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from foolsolve import cli, games
from foolsolve.errors import InputError
from foolsolve.games.base import GameInfo
from tests.generic import toy_game

TESTS = Path(__file__).resolve().parent


@pytest.fixture
def toy():
    games.register(toy_game.INFO)
    yield toy_game.INFO
    games.unregister("toy")


def run(capsys, *args: str) -> tuple[int, str, str]:
    try:
        cli.main(list(args))
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_a_registered_toy_game_gets_every_command(toy, capsys, tmp_path):
    pos = tmp_path / "toy.json"
    code, out, err = run(capsys, "deal", "toy", "--seed", "5", "--out", str(pos))
    assert code == 0, err
    obj = json.loads(pos.read_text())
    assert obj["game"] == "toy"
    obj["tokens"] = 6
    pos.write_text(json.dumps(obj))

    code, out, _ = run(capsys, "moves", str(pos))
    assert code == 0 and out.split("\n")[:3] == ["take 1", "take 2", "take 3"]

    code, out, _ = run(capsys, "play", str(pos), "take 2", "--json")
    assert code == 0 and '"tokens": 4' in out

    code, out, _ = run(capsys, "show", str(pos))
    assert code == 0 and "6" in out

    code, out, _ = run(capsys, "perft", str(pos), "--depth", "3")
    assert code == 0 and "spec: 17" in out and "engine: 17" in out  # triples of 1-3 summing to at most 6

    code, out, _ = run(capsys, "conform", "toy", "--cases", "15")
    assert code == 0 and "spec and engine agree" in out

    code, out, _ = run(capsys, "rules", "toy")
    assert code == 0 and "max_take" in out

    code, out, _ = run(capsys, "games")
    assert code == 0 and "toy" in out

    # 6 tokens, take 1-3: the mover wins by taking 2 (leaving 4)
    code, out, _ = run(capsys, str(pos), "--json")
    result = json.loads(out)
    assert code == 0 and result["value"] == "2" and result["best"] == ["take 2"]
    assert result["pv"][0] == "take 2"

    code, _, err = run(capsys, "play", str(pos), "take 9")
    assert code == 2 and err.count("\n") == 1 and "take 9" in err


def test_aliases_resolve_and_clashes_are_refused(toy):
    assert games.get("TOY_GAME") is toy
    clash = GameInfo(meta=dataclasses.replace(toy.meta, name="other", aliases=("toy",)), spec=toy.spec)
    with pytest.raises(ValueError, match="already taken"):
        games.register(clash)
    with pytest.raises(InputError, match="unknown game"):
        games.get("no-such-game")


def test_a_game_outside_the_package_reaches_the_command_through_the_environment():
    env = dict(os.environ, FOOLSOLVE_GAMES="tests.generic.toy_game",
               PYTHONPATH=os.pathsep.join([str(TESTS.parents[1]), *sys.path]))
    proc = subprocess.run([sys.executable, "-m", "foolsolve", "games"], capture_output=True, text=True, env=env,
                          timeout=120)
    assert proc.returncode == 0 and "toy" in proc.stdout
    env["FOOLSOLVE_GAMES"] = "no_such_glue_module"
    proc = subprocess.run([sys.executable, "-m", "foolsolve", "games"], capture_output=True, text=True, env=env,
                          timeout=120)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "no_such_glue_module" in proc.stderr


@pytest.mark.parametrize("info", games.all_games(), ids=lambda i: i.name)
def test_the_record_and_the_spec_agree(info):
    spec = info.spec
    assert spec.name == info.name
    assert spec.title == info.title
    assert spec.seed_file == info.seed
    t = spec.game_type
    assert (t.min_num_players, t.max_num_players) == (spec.min_players, spec.max_players)
    assert info.doc is None or (TESTS.parents[1] / info.doc).is_file()


def test_shared_code_never_tests_a_game_name():
    """No module of the shared package compares a game's name with a literal."""
    root = TESTS.parents[1] / "foolsolve"
    names = [n for info in games.all_games() for n in info.names]
    offenders = []
    for path in root.rglob("*.py"):
        if path.is_symlink() or any(p.is_symlink() for p in path.parents if p != root and root in p.parents):
            continue
        rel = path.relative_to(root)
        if rel.parts[0] in ("spec", "engines", "solver", "proofs"):
            continue
        if rel.parts[0] == "games" and rel.stem not in ("__init__", "base", "ambiguities", "ambiguities_cli"):
            continue  # a game's own glue and tools may name it
        text = path.read_text(encoding="utf-8")
        for n in names:
            for pattern in (f'== "{n}"', f"== '{n}'", f'!= "{n}"', f'in ("{n}"'):
                if pattern in text:
                    offenders.append(f"{rel}: {pattern}")
    assert offenders == []
