"""The CLI imports only what a command uses: ``foolsolve --help`` lists every command without
importing any game, a Durak solve never imports Fool's Paradise's engine, Z3 or networkx, a
Durak solve below the compiled search's size never imports numba, and the extra commands
declared in the registry are listed exactly as click lists the imported commands.

The import checks run ``python -m foolsolve`` in a fresh subprocess (this test process has
imported everything already) and read ``sys.modules`` at exit.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import click
import pytest

from foolsolve import games
from foolsolve.cli import CORE_COMMANDS
from foolsolve.lazy import CommandRef, Lazy, LazyGroup

EXAMPLES = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"

# Modules (and their submodules) that ``--help`` uses none of. (The registry's glue modules,
# foolsolve.games.durak ..., are records of lazy references and cheap: every command reads them.)
HEAVY = ("z3", "networkx", "jsonschema", "rich", "foolsolve.spec", "foolsolve.engines", "foolsolve.solver.durak",
         "foolsolve.solver.fools_paradise.search", "foolsolve.solver.fools_and_angels.search",
         "foolsolve.solver.fools_and_angels.defence", "foolsolve.solver.fools_paradise.capture",
         "foolsolve.solver.retrograde", "foolsolve.solver.minimax", "foolsolve.proofs",
         "foolsolve.solver.fools_and_angels.defence_cli", "foolsolve.solver.fools_paradise.capture_cli",
         "foolsolve.ambiguities", "numba", "llvmlite", "numpy", "foolsolve.solver.durak.compiled")

# The compiled Durak search and what it loads (under a second with numba's cache, 45 CPU seconds without).
NUMBA = ("numba", "llvmlite", "numpy", "foolsolve.solver.durak.compiled")

_RUN = """
import json, runpy, sys
sys.argv = ["foolsolve", *json.loads(sys.argv[1])]
code = 0
try:
    runpy.run_module("foolsolve", run_name="__main__")
except SystemExit as exc:
    code = exc.code
print("\\nMODULES " + json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["COLUMNS"] = "80"
    env.pop("FOOLSOLVE_DEBUG", None)
    return env


def run_cli(*args: str) -> tuple[int, str, set[str]]:
    """Run ``foolsolve ARGS`` in a fresh interpreter: exit code, stdout, imported modules."""
    proc = subprocess.run([sys.executable, "-c", _RUN, json.dumps(list(args))], capture_output=True, text=True,
                          env=_env(), timeout=120, stdin=subprocess.DEVNULL)
    out, sep, tail = proc.stdout.rpartition("\nMODULES ")
    assert sep, proc.stdout + proc.stderr
    info = json.loads(tail)
    return info["code"], out, set(info["modules"])


def imported(modules: set[str], names: tuple[str, ...]) -> list[str]:
    """The modules that are one of ``names`` or inside one of them."""
    return sorted(m for m in modules if any(m == n or m.startswith(n + ".") for n in names))


def test_help_imports_no_game_no_solver_no_z3_no_networkx() -> None:
    code, out, modules = run_cli("--help")
    assert code == 0 and "Commands:" in out
    assert imported(modules, HEAVY) == []


def test_durak_solve_imports_only_durak() -> None:
    code, out, modules = run_cli(str(EXAMPLES / "durak-bonnet.json"))
    assert code == 0 and "Durak" in out and "Best: attack K♦" in out
    assert {"foolsolve.spec.durak", "foolsolve.engines.durak", "foolsolve.solver.durak"} <= modules
    # no other game, no Z3, no networkx, no progress display when stderr is not a terminal
    assert imported(modules, ("foolsolve.engines.fools_paradise", "foolsolve.spec.fools_paradise",
                              "foolsolve.solver.fools_paradise.search",
                              "foolsolve.engines.fools_and_angels", "foolsolve.spec.fools_and_angels",
                              "foolsolve.solver.fools_paradise.capture_cli",
                              "foolsolve.solver.fools_and_angels.defence_cli", "foolsolve.ambiguities",
                              "z3", "networkx", "rich", *NUMBA)) == []


def test_small_durak_solve_never_imports_numba() -> None:
    # the README's example: 5 cards in play, far below JIT_MIN_CARDS (14), so jit=auto runs the
    # Python search and must not pay numba's load (about 1 s) or first compile (45 CPU seconds) for it
    from foolsolve.solver.durak import JIT_MIN_CARDS

    position = json.loads((EXAMPLES / "durak-endgame.json").read_text())
    assert sum(map(len, position["hands"])) + len(position["table"]) < JIT_MIN_CARDS
    code, out, modules = run_cli(str(EXAMPLES / "durak-endgame.json"))
    assert code == 0 and "Durak" in out and "foolsolve.solver.durak" in modules
    assert imported(modules, NUMBA) == []


def test_rules_durak_imports_the_spec_only() -> None:
    code, out, modules = run_cli("rules", "durak")
    assert code == 0 and "reconstructed" in out.lower()
    assert "foolsolve.spec.durak" in modules
    assert imported(modules, ("foolsolve.engines", "foolsolve.solver.durak", "foolsolve.spec.fools_paradise",
                              "foolsolve.spec.fools_and_angels", "jsonschema", "z3", "networkx", "rich")) == []


def test_fools_paradise_solve_imports_no_z3_networkx_or_other_games() -> None:
    code, out, modules = run_cli(str(EXAMPLES / "fools-paradise-endgame.json"), "--json")
    assert code == 0 and json.loads(out)["game"] == "fools-paradise"
    assert imported(modules, ("z3", "networkx", "foolsolve.engines.durak", "foolsolve.spec.durak",
                              "foolsolve.engines.fools_and_angels", "foolsolve.ambiguities",
                              "foolsolve.solver.fools_paradise.ambiguity", "foolsolve.solver.fools_paradise.capture")) == []


def test_capture_imports_no_engine_and_no_z3_with_the_dp_method() -> None:
    code, out, modules = run_cli("fools-paradise", "capture", "--hand", "2 3 9 K A", "--centre", "J 2 K 5 6", "--ranks-only")
    assert code == 0 and out.strip()
    assert "foolsolve.solver.fools_paradise.capture" in modules
    assert imported(modules, ("foolsolve.engines", "foolsolve.spec", "z3", "networkx", "jsonschema")) == []


def test_ambiguities_for_durak_does_not_import_fools_paradise() -> None:
    code, out, modules = run_cli("ambiguities", "durak", "--option", "throw_in_after_take",
                                 "--position", str(EXAMPLES / "durak-endgame.json"), "--no-witness")
    assert code == 0 and "the choices agree on the best move" in out
    assert {"foolsolve.ambiguities_cli", "foolsolve.solver.durak"} <= modules
    assert imported(modules, ("foolsolve.engines.fools_paradise", "foolsolve.spec.fools_paradise",
                              "foolsolve.solver.fools_paradise.ambiguity", "z3", "networkx")) == []


def test_help_lists_every_command_exactly_as_with_every_command_imported() -> None:
    # lazy: the declared help of commands not imported yet; eager: the imported commands
    _, lazy, _ = run_cli("--help")
    eager_run = ("import json, sys, click\n"
                 "from foolsolve import cli, games\n"
                 "for ref in cli.CORE_COMMANDS:\n"
                 "    cli.cli.add_command(ref.load())\n"
                 "for info in games.all_games():\n"
                 "    if info.commands:\n"
                 "        group = cli.game_group(info)\n"
                 "        for ref in info.commands:\n"
                 "            group.add_command(ref.load())\n"
                 "        cli.cli.add_command(group)\n"
                 "cli.main(['--help'])\n")
    proc = subprocess.run([sys.executable, "-c", eager_run], capture_output=True, text=True, env=_env(), timeout=120)
    assert proc.stdout == lazy
    listed = {line.split()[0] for line in lazy.split("Commands:")[1].splitlines() if line.strip()}
    with_commands = {info.name for info in games.all_games() if info.commands}
    assert listed == {"solve", "conform", "perft", "rules", "prove", "deal", "moves", "play", "show", "games",
                      "view"} | {ref.name for ref in CORE_COMMANDS} | with_commands


@pytest.mark.parametrize("ref", (*CORE_COMMANDS, *games.commands()), ids=lambda r: r.name)
def test_declared_command_help_is_the_commands_own(ref: CommandRef) -> None:
    cmd = ref.load()
    assert cmd.name == ref.name
    assert not cmd.hidden and not cmd.deprecated and not cmd.short_help
    stand_in = ref.stand_in()
    for limit in range(0, 240):
        assert stand_in.get_short_help_str(limit) == cmd.get_short_help_str(limit), limit


def test_every_games_commands_are_declared_in_its_registry_record() -> None:
    declared = {ref.name: ref for ref in games.commands()}
    for info in games.all_games():
        for ref in info.commands:
            assert declared[ref.name] is ref
            assert ref.load().name == ref.name


def test_game_info_imports_engine_and_solver_on_first_use() -> None:
    snippet = ("import sys\n"
               "from foolsolve import games\n"
               "info = games.get('durak')\n"
               "before = 'foolsolve.engines.durak' in sys.modules, 'foolsolve.solver.durak' in sys.modules\n"
               "assert info.has_engine and info.has_solver\n"
               "still = 'foolsolve.engines.durak' in sys.modules\n"
               "engine = info.engine\n"
               "print(before, still, engine is info.engine, type(engine).__name__, callable(info.solve))\n")
    proc = subprocess.run([sys.executable, "-c", snippet], capture_output=True, text=True, env=_env(), timeout=120)
    assert proc.stdout.split() == ["(False,", "False)", "False", "True", "DurakEngine", "True"], proc.stderr


def test_lazy_group_runs_a_declared_command_and_lists_it() -> None:
    group = LazyGroup("g")
    group.add_lazy_command(
        CommandRef("defend", "foolsolve.solver.fools_and_angels.defence_cli:defend_command", "Declared help."))
    assert group.is_command("defend") and "defend" not in group.commands
    ctx = click.Context(group)
    assert group.list_commands(ctx) == ["defend"]
    cmd = group.get_command(ctx, "defend")
    assert cmd is not None and group.commands["defend"] is cmd and not group.lazy_commands


def test_lazy_reference_is_imported_once_and_checked() -> None:
    ref = Lazy[object]("foolsolve.games.durak:INFO")
    assert not ref.loaded
    assert ref.get() is games.get("durak") and ref.loaded
    with pytest.raises(ValueError):
        Lazy[object]("foolsolve.games.durak")
    with pytest.raises(TypeError):
        CommandRef("x", "foolsolve.games.durak:INFO", "x").load()
