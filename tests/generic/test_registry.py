"""The registry: a game declared once (one glue module, one registry line) gets every command
of the CLI without any change to shared code. The toy game (tests/generic/toy_game.py) is registered
at run time and driven through ``moves``, ``play``, ``show``, ``deal``, ``conform``, ``perft``,
``rules``, ``games``, ``oracle`` and solve."""

from __future__ import annotations

import ast
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

    code, out, _ = run(capsys, "show", str(pos), "--json")
    assert code == 0 and json.loads(out) == {"game": "toy", "to_move": 0, "over": False, "result": None,
                                             "moves": ["take 1", "take 2", "take 3"]}

    requests = tmp_path / "requests.jsonl"
    requests.write_text("".join(json.dumps(r) + "\n" for r in (
        {"op": "moves", "position": str(pos)}, {"op": "play", "position": str(pos), "moves": ["take 3", "take 3"]},
        {"op": "perft", "position": str(pos), "depth": 3}, {"op": "status", "position": obj})))
    code, out, _ = run(capsys, "oracle", str(requests))
    moves, play, perft, status = (json.loads(line) for line in out.splitlines())
    assert code == 0 and moves["moves"] == ["take 1", "take 2", "take 3"]
    assert [p["player"] for p in play["played"]] == [0, 1] and play["position"]["tokens"] == 0
    assert perft["perft"]["spec"] == perft["perft"]["engine"] == {"total": 17}
    assert status["over"] is False and status["to_move"] == 0


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
def test_the_game_is_declared_once_in_its_spec(info):
    """The record is the spec module's META: the registry files it under its name, the spec class and
    the game type read it, and GameInfo holds no second copy of any of its fields."""
    info.check()
    spec = info.spec
    assert spec.meta is info.meta
    assert (spec.name, spec.title, spec.seed_file) == (info.name, info.title, info.seed)
    t = spec.game_type
    assert (t.min_num_players, t.max_num_players) == (spec.min_players, spec.max_players)
    assert t.long_name == info.title and t.short_name == info.name.replace("-", "_")
    assert not {f.name for f in dataclasses.fields(info)} & {f.name for f in dataclasses.fields(info.meta)}
    assert info.doc is None or (TESTS.parents[1] / info.doc).is_file()


def test_a_game_is_one_folders_worth_of_modules_plus_one_registry_line():
    """Every game lives where docs/architecture.md says (spec, engine, glue, tests), and the registry
    lists each glue module on one line; the toy game is a whole game in one module, registered by one
    call (test_a_registered_toy_game_gets_every_command drives it)."""
    root = TESTS.parents[1]
    for info in games.all_games():
        stem = info.name.replace("-", "_")
        assert games.GAME_MODULES.count(f"foolsolve.games.{stem}") == 1
        for path in (f"spec/{stem}.py", f"foolsolve/games/{stem}.py", f"tests/{stem}/__init__.py"):
            assert (root / path).is_file(), path
        assert info.has_engine == (root / f"engines/{stem}.py").is_file()
    assert len(games.GAME_MODULES) == len(games.all_games())
    assert toy_game.INFO.spec.meta is toy_game.META and toy_game.INFO.name == "toy"


def _literal_strings(node: ast.AST) -> list[str]:
    return [e.value for e in getattr(node, "elts", None) or getattr(node, "keys", None) or []
            if isinstance(e, ast.Constant) and isinstance(e.value, str)]


def test_no_list_of_games_exists_outside_the_registry():
    """No source file writes two or more games' names in one literal (a tuple, list, set or dict's keys):
    benchmarks, tests and tools iterate the registry instead, so a new game joins them all."""
    root = TESTS.parents[1]
    spellings: dict[str, str] = {}
    for info in games.all_games():
        for n in (*info.names, info.name.replace("-", "_")):
            spellings[n] = info.name
    offenders = []
    for top in ("foolsolve", "spec", "engines", "solver", "proofs", "bench", "tests"):
        for path in sorted((root / top).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, (ast.Tuple, ast.List, ast.Set, ast.Dict)):
                    named = {spellings[s] for s in _literal_strings(node) if s in spellings}
                    if len(named) >= 2:
                        offenders.append(f"{path.relative_to(root)}:{node.lineno}: {sorted(named)}")
    assert offenders == []


def test_a_second_command_of_one_name_is_refused():
    from foolsolve.lazy import CommandRef

    ref = CommandRef("twice", "foolsolve.why:why", "Why.")
    with pytest.raises(ValueError, match="two commands named 'twice'"):
        dataclasses.replace(toy_game.INFO, commands=(ref, ref))


def test_the_games_commands_and_their_old_spellings(tmp_path):
    """A game's own commands are `foolsolve GAME COMMAND`; the old spellings still work for one release,
    with a one-line deprecation notice on stderr."""
    env = dict(os.environ)
    for info in games.all_games():
        for ref in info.commands:
            proc = subprocess.run([sys.executable, "-m", "foolsolve", info.name, ref.name, "--help"], capture_output=True,
                                  text=True, env=env, timeout=120)
            assert proc.returncode == 0 and f"foolsolve {info.name} {ref.name}" in proc.stdout, proc.stderr
            if ref.old_name:
                old = [ref.old_name, *([info.name] if ref.old_takes_game else []), "--help"]
                proc = subprocess.run([sys.executable, "-m", "foolsolve", *old], capture_output=True, text=True,
                                      env=env, timeout=120)
                assert proc.returncode == 0 and f"foolsolve {info.name} {ref.name}" in proc.stdout
                assert proc.stderr.count("\n") == 1 and "deprecated" in proc.stderr


def test_shared_code_never_tests_a_game_name():
    """No module of the shared package compares a game's name with a literal."""
    root = TESTS.parents[1] / "foolsolve"
    names = [n for info in games.all_games() for n in info.names]
    offenders = []
    for path in root.rglob("*.py"):
        rel = path.relative_to(root)
        if rel.parts[0] == "games" and rel.stem not in ("__init__", "base"):
            continue  # a game's own glue may name it
        text = path.read_text(encoding="utf-8")
        for n in names:
            for pattern in (f'== "{n}"', f"== '{n}'", f'!= "{n}"', f'in ("{n}"'):
                if pattern in text:
                    offenders.append(f"{rel}: {pattern}")
    assert offenders == []


def test_shared_code_asks_for_declared_capabilities_instead_of_probing():
    """A spec's or a record's optional capability (picture hints, views, why, a boundary name) is an
    attribute SpecGame or GameInfo declares with a default: shared code reads it, never getattr/hasattr."""
    import re

    probe = re.compile(r"\b(?:getattr|hasattr)\(\s*(?:[\w.]*\.)?(?:spec|info)\b")
    root = TESTS.parents[1] / "foolsolve"
    offenders = [f"{path.relative_to(root)}:{n}" for path in sorted(root.rglob("*.py"))
                 for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if probe.search(line)]
    assert offenders == []


@pytest.mark.parametrize(("argv", "said"), [
    (["rules", "duark"], 'game: unknown game "duark"; did you mean "durak"? (known: durak, '),
    (["deal", "foolry"], 'game: unknown game "foolry"; did you mean "foolery"?'),
    (["ambiguities", "fools-paradice", "--all"], 'did you mean "fools-paradise"?'),
    (["duark"], "duark: no such position file or command; did you mean the game 'durak'?"),
])
def test_a_mistyped_game_name_suggests_the_closest(argv, said, capsys):
    """'foolsolve rules duark' listed the games without a word of 'durak' while a mistyped command
    named the nearest: every game name is read through games.get, whose error names the closest."""
    from tests.generic.test_cli import assert_one_line_error, run

    code, _, err = run(argv, capsys)
    assert_one_line_error(code, err, said)


def test_a_position_file_with_a_mistyped_game_suggests_the_closest(tmp_path, capsys):
    from tests.generic.test_cli import assert_one_line_error, run

    f = tmp_path / "p.json"
    f.write_text(json.dumps({"game": "Three fols"}))
    code, _, err = run([str(f)], capsys)
    assert_one_line_error(code, err, 'unknown game "Three fols"; did you mean "three-fools"?')
    assert games.closest("xyzzy") == []


@pytest.mark.parametrize("name", games.names())
def test_solver_option_defaults_are_options_the_solver_takes(name):
    """The defaults a game declares for the store's key (``solver_option_defaults``) name options
    its solver takes, each accepted at that value."""
    info = games.get(name)
    defaults = info.solver_option_defaults or {}
    assert set(defaults) <= set(info.solver_options or {})
    from foolsolve.solver.base import SolveOptions

    if info.solver_check is not None:
        for key, value in defaults.items():
            info.solver_check(SolveOptions(extra={key: value}))
