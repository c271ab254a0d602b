"""Smoke tests of the bench scripts BENCHMARKS.md's figures come from (``bench_durak.py`` has its own
file): each answers ``--help``, turns bad input into one line on stderr and exit 2, and its parts
run and check what they compare on a tiny input."""

from __future__ import annotations

import importlib.util
import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"
SCRIPTS = ["bench_durak.py", "bench_fools_paradise.py", "bench_fools_and_angels.py", "bench_cli_startup.py",
           "bench_openspiel.py", "bench_durak_startup.py", "bench_foolery.py", "bench_batch.py",
           "bench_three_fools.py", "bench_seat.py", "mutation.py", "bench_open_hand.py", "bench_arena.py",
           "bench_durak_kernel.py", "bench_table_memory.py", "bench_oracle.py"]


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"{name}_under_test", BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def _run(script: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(BENCH / script), *args], capture_output=True, text=True, timeout=120)


def test_every_script_in_bench_is_listed_here() -> None:
    assert sorted(p.name for p in BENCH.glob("*.py")) == sorted([*SCRIPTS, "benchkit.py"])


@pytest.mark.parametrize("script", SCRIPTS)
def test_help(script: str) -> None:
    run = _run(script, "--help")
    assert run.returncode == 0 and run.stdout.startswith("usage: ") and run.stderr == ""


@pytest.mark.parametrize(("script", "args"), [
    ("bench_fools_paradise.py", ["--games", "0"]),
    ("bench_fools_paradise.py", ["--parts", "nothing"]),
    ("bench_fools_paradise.py", ["--players", "9"]),
    ("bench_fools_paradise.py", ["--sizes", "200"]),
    ("bench_fools_paradise.py", ["--parts", "playouts", "--baseline-tree", "/no/such/checkout"]),
    ("bench_fools_and_angels.py", ["--instances", "-3"]),
    ("bench_fools_and_angels.py", ["--repeat", "0"]),
    ("bench_fools_and_angels.py", ["--parts", "defend", "--seed", "x"]),
    ("bench_fools_and_angels.py", ["--parts", "bots", "--limits", "49"]),
    ("bench_fools_and_angels.py", ["--parts", "bots", "--baseline", "/no/such/checkout"]),
    ("bench_cli_startup.py", ["/no/such/python", sys.executable]),
    ("bench_cli_startup.py", [sys.executable]),
    ("bench_openspiel.py", ["--sizes", "19"]),
    ("bench_openspiel.py", ["--cap", "0"]),
    ("bench_durak_startup.py", ["/no/such/python"]),
    ("bench_durak_startup.py", [sys.executable, "--size", "19"]),
    ("bench_foolery.py", ["--games", "0"]),
    ("bench_foolery.py", ["--only", "nothing"]),
    ("bench_three_fools.py", ["--games", "0"]),
    ("bench_seat.py", ["--worlds", "0"]),
    ("bench_seat.py", ["--games", "chess"]),
    ("bench_seat.py", ["--reach", "-1"]),
    ("bench_open_hand.py", ["--only", "chess"]),
    ("bench_oracle.py", ["--requests", "0"]),
    ("bench_oracle.py", ["--games", "chess"]),
    ("bench_oracle.py", ["--op", "solve"]),
    ("bench_open_hand.py", ["--timeout", "0"]),
    ("bench_arena.py", ["--game", "chess"]),
    ("bench_arena.py", ["--games", "0"]),
    ("bench_arena.py", ["--game", "durak", "--bots", "random", "nosuch"]),
    ("bench_arena.py", ["--game", "durak", "--bots", "random", "greedy", "--report"]),
    ("bench_arena.py", ["--game", "durak", "--bots", "random", "greedy", "--pair", "pimc=3"]),
    ("bench_arena.py", ["--game", "durak", "--bots", "random", "greedy", "--variant", "pimc:frontier=smart"]),
    ("mutation.py", ["--sample", "0"]),
    ("bench_batch.py", ["--positions", "0"]),
    ("mutation.py", ["--games", "chess"]),
    ("mutation.py", ["--modules", "engines/chess.py"]),
    ("mutation.py", ["--jobs", "0"]),
    ("mutation.py", ["--timeout", "-1"]),
    ("mutation.py", ["--rerun-survivors"]),
    ("mutation.py", ["--report"]),
    ("mutation.py", ["--out", str(BENCH / "benchkit.py")]),
    ("bench_arena.py", ["--game", "durak", "--bots", "random", "greedy", "--pair", "random,nosuch=2"]),
    ("bench_arena.py", ["--report", "--out-dir", str(BENCH / "benchkit.py" / "x")]),
    ("bench_batch.py", ["--k", "19"]),
    ("bench_batch.py", ["--k", "-3"]),
    ("bench_table_memory.py", ["--seconds", "0"]),
    ("bench_table_memory.py", ["--budgets", "-1"]),
    ("bench_durak.py", ["--no-playouts", "--no-solver"]),
    ("bench_durak.py", ["--vs-python", "--jit", "false", "--no-playouts"]),
    ("bench_seat.py", ["--skip-first", "--skip-worlds"]),
])
def test_bad_input_is_one_line_and_exit_2(script: str, args: list[str]) -> None:
    run = _run(script, *args)
    assert run.returncode == 2
    assert run.stderr.count("\n") == 1 and run.stderr.startswith(f"{script}: error: "), run.stderr


def test_mutation_takes_game_names_as_every_tool_does() -> None:
    from foolsolve import games

    mod = _load("mutation")
    for info in games.all_games():
        stem = info.name.replace("-", "_")
        for name in (info.name, *info.names, stem):
            assert mod.parse(["--games", name, "--report", "--out", "x.json"]).games == [stem], name


def test_fools_paradise_playout_rows_play_the_specs_games_with_a_baseline_checkout() -> None:
    """The playout rows on a few games, with this checkout as its own baseline (second processes):
    every row plays the spec's game (the script stops otherwise) and the ratios are printed."""
    bench = _load("bench_fools_paradise")
    lines = bench.bench_playouts(3, 1, 7, 2, str(BENCH.parent))
    rows = [line for line in lines if line.startswith("| ") and not line.startswith("| row ")]
    assert [r.split("|")[1].strip() for r in rows[:5]] == ["spec", "generic", "native", "own process", "baseline"]
    assert lines[-1].startswith("Native playout, this checkout against")


def test_three_fools_against_a_baseline_checkout() -> None:
    """This checkout as its own baseline (a second process): both play the same games (the script
    stops otherwise) and each side's ratio and the two checkouts' times are printed."""
    bench = _load("bench_three_fools")
    lines = bench.bench_baseline(25, str(BENCH.parent))
    assert lines[0].startswith("25 games (default rules)") and lines[-1].startswith("baseline / this: spec ")
    assert bench.bench_playouts(3, default_rules=True)[0].endswith("3 random whole games (default rules)")


def test_cli_startup_runs_every_command_it_times() -> None:
    """Each command of the start-up table, run once as the bench runs it (a stale argument list
    stops the bench with exit 2: here it fails the test)."""
    mod = _load("bench_cli_startup")
    for _label, args in mod.COMMANDS:
        mod.wall(sys.executable, args)


def test_fools_paradise_endgames_and_captures_agree() -> None:
    bench = _load("bench_fools_paradise")
    assert bench.bench_endgames(1, 2).startswith("| 2 | 1 |")
    rows = bench.bench_captures([5], [52], 2, "points", "either", 1000, 1, True)
    assert [r.split("|")[1].strip() for r in rows[-2:]] == ["5", "52"]


def test_fools_and_angels_parts() -> None:
    bench = _load("bench_fools_and_angels")
    from foolsolve.spec.fools_and_angels import Rules

    row = bench.bench_playouts(2, Rules(), "default", 2)
    assert row.startswith("| default | 2 x 2 |") and row.count("x |") == 1 and row.endswith("x |")
    assert bench.bench_defences(6, count=2).startswith("| 7 | 2 |")
    rows = bench.bench_defend(2, 5)
    assert any("crushing attacks" in r for r in rows)


def test_fools_and_angels_bots_part_positions_and_decisions() -> None:
    """The bots part's positions: the mover at a turn holds the limit less 3 cards or more (with
    attack, the opponent at least as many), seeded; a decision is its CPU seconds, a legal move and the
    CPU seconds of the seat's set-up; the budget part's rows show the time bots and their overrun, at
    those positions and at the defence after an attack from one."""
    bench = _load("bench_fools_and_angels")
    from foolsolve.spec.fools_and_angels import SPEC

    def first(attack: bool) -> dict:
        return next(p for seed in range(20) if (p := bench.grown_position(9, seed, attack)) is not None)

    for attack in (False, True):
        pos = first(attack)
        assert pos == first(attack)
        n, other = len(pos["hands"][pos["to_move"]]), len(pos["hands"][1 - pos["to_move"]])
        assert pos["phase"] == "turn" and n >= 6 and (other >= n or not attack)
        secs, move, setup = bench.decide(pos, "ismcts:iterations=5")
        state = SPEC.state_from_json(pos)
        assert secs >= 0 and setup >= 0 and SPEC.parse_move(state, move) is not None
    # the budget part's defence: the attack of fewest cards in the attack family's sample, then the defence
    pos = next(p for seed in range(20) if (p := bench.defence_position(12, seed)) is not None)
    state = SPEC.state_from_json(pos)
    assert pos["phase"] == "defend" and bench.hands_cell(pos).endswith(f"a defence of {len(SPEC.legal_moves(state))} moves")
    secs, move, setup = bench.decide(pos, "ismcts:iterations=5")
    assert secs >= 0 and setup >= 0 and SPEC.parse_move(state, move) is not None
    assert bench.BUDGET_BOTS == ("pimc:time=0.5,clock=cpu", "ismcts:time=0.5,clock=cpu")
    assert bench.overrun(0.62) == "+0.12" and bench.overrun(None) == "-"


def test_fools_and_angels_one_world_part_positions() -> None:
    """The oneworld part's positions: every card in play in the two hands, 20 against 20, every stock and
    the pool empty (one world from the mover's seat), a turn of 17,965 attacks and the defence after a
    3-card attack of 121,729 moves; a decision there is a legal move."""
    bench = _load("bench_fools_and_angels")
    from foolsolve import games
    from foolsolve.spec.fools_and_angels import SPEC
    from foolsolve.worlds import read_view, view_of, worlds_of_view

    info = games.get("fools-and-angels")
    turn = bench.one_world_position(20, bench.ONE_WORLD_SEED, False)
    defence = bench.one_world_position(20, bench.ONE_WORLD_SEED, True)
    assert turn == bench.one_world_position(20, bench.ONE_WORLD_SEED, False)
    assert [len(h) for h in turn["hands"]] == [20, 20] and bench.legal_or_family_count(turn) == 17_965
    assert bench.hands_cell(defence) == "17 v 20, a defence of 121,729 moves" and len(defence["attack"]) == 3
    for pos in (turn, defence):
        state = SPEC.state_from_json(pos)
        assert pos["stocks"] == [[], []] and pos["pool"] == []
        assert worlds_of_view(read_view(view_of(info, state, state.to_move))).count() == 1
    secs, move, _setup = bench.decide(defence, "ismcts:iterations=5")
    assert secs >= 0 and SPEC.parse_move(SPEC.state_from_json(defence), move) is not None


def test_foolery_parts() -> None:
    bench = _load("bench_foolery")
    r = bench.bench_playouts(2)
    assert r["games"] == 2 and r["spec_moves"] > 0 and r["engine_moves"] > 0
    r = bench.bench_solves(1, 4, 2, 3)
    assert r["positions"] == 1 and r["over_cap"] == 0


def test_foolery_solves_side_by_side_with_a_baseline_checkout() -> None:
    """This checkout as its own baseline (a second process through --baseline-python's worker):
    the table has a row per position with equal node counts and the same move values."""
    bench = _load("bench_foolery")
    worker = bench.Worker(sys.executable, str(BENCH / "bench_foolery.py"), ["--serve"], "bench_foolery.py",
                          "--baseline-python", python=sys.executable)
    try:
        r = bench.bench_solves(2, 4, 2, 4, None, 10_000, worker)
    finally:
        worker.close()
    rows = bench.side_by_side("2 players 4v4", r["runs"], 10_000)[3:]
    assert len(rows) == 2
    for row in rows:
        cells = [c.strip() for c in row.split("|")[1:-1]]
        assert cells[2] == cells[3] and cells[4] == "1.0x" and cells[7] == "yes"


def test_open_hand_answers_an_example_and_tables_it() -> None:
    bench = _load("bench_open_hand")
    row = bench.answer(bench.EXAMPLES / "durak-endgame.json", 20.0, 120.0)
    assert (row["code"], row["exact"], row["method"]) == (0, True, "exact solver")
    lines = bench.table([row])
    assert lines[2].startswith("| durak-endgame |") and lines[-1].startswith("\n1 of 1 answered (1 exact)")


def test_open_hand_answers_the_views_too_named_under_views() -> None:
    bench = _load("bench_open_hand")
    view = bench.EXAMPLES / "views" / "three-fools.json"
    assert bench.name_of(view) == "views/three-fools"
    row = bench.answer(view, 20.0, 120.0)
    assert (row["name"], row["code"], row["exact"]) == ("views/three-fools", 0, True)
    run = _run("bench_open_hand.py", "--only", "views/three-fools", "--time", "5")
    assert run.returncode == 0 and "| views/three-fools |" in run.stdout and "1 of 1 answered" in run.stdout, run.stderr


@pytest.mark.parametrize("op", ["moves", "play"])
def test_oracle_rows_ask_the_same_questions_three_ways(op: str) -> None:
    """One row: the same positions' questions by whole processes, one oracle process (which fails the
    run on any error record) and the Python API, each a positive time a question."""
    run = _run("bench_oracle.py", "--requests", "4", "--processes", "1", "--games", "fools-and-angels", "--op", op)
    assert run.returncode == 0, run.stderr
    row = [line for line in run.stdout.splitlines() if line.startswith("| fools-and-angels |")]
    assert len(row) == 1
    cells = [c.strip() for c in row[0].strip("|").split("|")]
    assert all(float(c.rstrip("x").replace(",", "")) > 0 for c in cells[1:])


def test_oracle_positions_are_seeded_and_not_over() -> None:
    import foolsolve

    bench = _load("bench_oracle")
    found = bench.positions("durak", 6, 3)
    assert found == bench.positions("durak", 6, 3) and len(found) == 6
    assert all(foolsolve.load(p).result() is None and foolsolve.load(p).moves() for p in found)


def test_three_fools_playouts_compare_the_same_games() -> None:
    bench = _load("bench_three_fools")
    lines = bench.bench_playouts(3)
    assert lines[-1].startswith("engine / spec: ")


def test_mutation_samples_grow_and_allow_list_reads_survivors() -> None:
    bench = _load("mutation")
    items = list(range(100))
    assert bench.sample(items, 1, "spec/durak.py", 30)[:10] == bench.sample(items, 1, "spec/durak.py", 10)
    assert bench.sample(items, 1, "spec/durak.py", 10) != bench.sample(items, 2, "spec/durak.py", 10)
    (module, function, line), _ = next(iter(bench.EQUIVALENT.items()))
    row = {"module": module, "function": function, "mutated": line, "outcome": "survived", "seconds": 1.0}
    assert bench.outcome_of(row) == "equivalent"
    assert bench.outcome_of({**row, "mutated": line + " "}) == "survived"
    killed = {**row, "outcome": "killed", "mutated": "x"}
    fixed = {**row, "mutated": "y", "outcome": "killed", "first_outcome": "survived"}
    summary = bench.summarize([row, killed, fixed], {module: 10})
    assert (summary[module]["killed"], summary[module]["equivalent"]) == (2, 1)
    assert (summary[module]["score_before"], summary[module]["score"]) == (0.5, 1.0)
    assert f"| {module} | 10 | 3 | 2 | 1 | 0 | 50% | 100% |" in bench.table(summary)
    assert all(rel in bench.MODULES and reason for (rel, _, _), reason in bench.EQUIVALENT.items())
    future = "from __future__ import annotations\n"
    body = "def f(x: int | None) -> list[int]:\n    y: dict[int, int] = {}\n    return [x or 1]\n"
    assert bench.annotation_only(future + body, future + body.replace("int | None", "int ^ None").replace("list", "set"))
    assert not bench.annotation_only(future + body, future + body.replace("x or 1", "x and 1"))
    assert not bench.annotation_only(body, body.replace("int | None", "int ^ None"))  # evaluated without the import
    assert not bench.annotation_only(future + body, future + body.replace("x or 1", "x or |"))  # not Python at all
    assert bench.outcome_of({**row, "mutated": "z", "annotation_only": True}) == "equivalent"


def test_mutation_one_mutant_killed_and_survived_in_a_copy(tmp_path: Path) -> None:
    """One mutant of Three Fools' rules (the first ``==`` turned into ``!=`` in ``decide_round``) in a copy of the
    checkout: the rule tests kill it and name the test, an unrelated test lets it survive; the copy's
    module is put back each time and the working tree is never touched."""
    pytest.importorskip("cosmic_ray")
    bench = _load("mutation")
    rel = "spec/three_fools.py"
    original = (BENCH.parent / rel).read_bytes()
    co = bench.Checkout(tmp_path)
    m = next(m for m in bench.mutants(co.root / rel, ["core/ReplaceComparisonOperator_Eq_NotEq"])
             if m.definition_name == "decide_round")
    row = bench.run_one(co, rel, m, ["tests/three_fools/test_rules.py"], 300)
    assert (row["outcome"], row["function"], row["module"]) == ("killed", "decide_round", rel)
    assert row["killed_by"].startswith("tests/three_fools/test_rules.py::") and "!=" in row["mutated"]
    assert (co.root / rel).read_bytes() == original
    row = bench.run_one(co, rel, m, ["tests/generic/test_cards.py"], 300)
    assert row["outcome"] == "survived" and row["killed_by"] is None
    assert (co.root / rel).read_bytes() == original == (BENCH.parent / rel).read_bytes()


def test_seat_bench_values_worlds_of_each_kind_of_position() -> None:
    """bench_seat.py's parts on a tiny input: three positions a game, worlds valued, a rate."""
    bench = _load("bench_seat")
    from foolsolve import games

    info = games.get("durak")
    found = bench.positions(info, 1)
    assert found[0][0] == "fresh deal" and len(found) == 3
    row = bench.worlds_rate(info, *found[2], 2, 1)
    assert row["worlds"] == 2 and row["per_s"] > 0 and 0 <= row["exact"] <= 2
    reach = bench.solver_reach(games.get("foolery"), 4, 1)
    assert sum(asked for asked, _ in reach.values()) == 4 and all(0 <= f <= a for a, f in reach.values())


def test_seat_bench_fixed_depths_values_the_first_worlds_reproducibly(capsys) -> None:
    """bench_seat.py --depths on a tiny input: one depth, one playout count, two worlds; a value per
    row on the 0-1 scale, the same on a second run (seeded playouts), in a Markdown table."""
    bench = _load("bench_seat")
    rows = bench.fixed_depths(depths=(1,), counts=(1,), worlds=2)
    assert len(rows) == 1 and len(rows[0]) == 1 and 0.0 <= rows[0][0] <= 1.0
    assert bench.fixed_depths(depths=(1,), counts=(1,), worlds=2) == rows
    out = capsys.readouterr().out
    assert "| depth | 1 playouts |" in out and f"| 1 | {rows[0][0]:.2f} |" in out


def test_the_arena_bench_plays_a_small_match_and_checks_the_targets(tmp_path) -> None:
    run = _run("bench_arena.py", "--game", "durak", "--games", "1", "--bots", "random", "greedy", "--targets",
               "--out-dir", str(tmp_path))
    assert run.returncode == 0, run.stderr
    assert "Elo (random = 1000" in run.stdout and (tmp_path / "durak" / "random__greedy.jsonl").exists()
    again = _run("bench_arena.py", "--game", "durak", "--bots", "random", "greedy", "--out-dir", str(tmp_path),
                 "--report")
    assert again.returncode == 0, again.stderr
    rows = [line for line in run.stdout.splitlines() if line.startswith("  greedy ") or line.startswith("  random ")]
    assert len(rows) == 4 and all(row in again.stdout for row in rows)


def test_the_arena_bench_matches_openspiel_to_pimc_and_reads_every_pair_into_one_table(tmp_path) -> None:
    """OpenSpiel's bot calibrated against pimc (at --time) on a seat, its simulations and both rates
    saved and printed with the table; a rerun reuses the calibration."""
    pytest.importorskip("pyspiel")
    args = ["--game", "three-fools", "--games", "1", "--bots", "random", "openspiel-ismcts", "--time", "0.001",
            "--calibration-seats", "1", "--out-dir", str(tmp_path), "--json"]
    run = _run("bench_arena.py", *args)
    assert run.returncode == 0, run.stderr
    got = json.loads(run.stdout)
    calibration = json.loads((tmp_path / "three-fools" / "calibration.json").read_text())
    assert got["calibration"] == calibration and calibration["simulations"] >= 1
    assert calibration["pimc"] == "pimc:time=0.001,clock=cpu"
    assert {row["bot"] for row in got["elo"]} == {"random", f"openspiel-ismcts:simulations={calibration['simulations']}"}
    assert len(got["pairs"]) == 2 and got["best"] in {row["bot"] for row in got["elo"]}
    assert all(row["cpu_seconds_per_move"] is not None for row in got["elo"])
    again = _run("bench_arena.py", *args)
    assert again.returncode == 0 and json.loads(again.stdout)["calibration"] == calibration


def test_arena_report_of_a_folder_without_records_is_one_line_and_exit_2(tmp_path: Path) -> None:
    run = _run("bench_arena.py", "--report", "--out-dir", str(tmp_path))
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.count("\n") == 1 and run.stderr.startswith("bench_arena.py: error: --report: no records in ")


def _interrupted_answer() -> SimpleNamespace:
    """What ``seat.analyse`` returns on Ctrl-C: the answer so far, marked ``interrupted``."""
    return SimpleNamespace(interrupted=True, to_json=lambda: {"worlds": 3, "moves": []})


def test_seat_first_answer_passes_ctrl_c_on_not_timing_a_part(monkeypatch) -> None:
    """``seat.analyse`` returns the answer so far on Ctrl-C: the first-answer row must stop the run
    (exit 130 through benchkit.run), not time and compare that part."""
    bench = _load("bench_seat")
    answer = {"moves": [{"low": 0.1, "high": 0.3}], "value": {"low": 0.1, "high": 0.3}, "worlds": 100, "to_move": 0}
    monkeypatch.setattr(bench.subprocess, "run",
                        lambda *a, **k: subprocess.CompletedProcess(a, 0, json.dumps(answer), ""))
    monkeypatch.setattr(bench.seat, "analyse", lambda *a, **k: _interrupted_answer())
    with pytest.raises(KeyboardInterrupt):
        bench.first_answer(2026)


def test_durak_kernel_seat_section_passes_ctrl_c_on_with_its_finished_rows(monkeypatch, capsys) -> None:
    bench = _load("bench_durak_kernel")
    from foolsolve import seat
    from foolsolve.engines import durak_playout

    monkeypatch.setattr(bench, "_native_playouts", lambda: (("Python", None), ("compiled", None)))
    monkeypatch.setattr(durak_playout, "use", lambda kind: None)
    monkeypatch.setattr(seat, "analyse", lambda *a, **k: _interrupted_answer())
    with pytest.raises(KeyboardInterrupt):
        bench.bench_seat(2)
    assert "| seat answer, fresh 2-player deal (seed) |" in capsys.readouterr().out


def test_durak_vs_python_compares_with_the_compiled_search_at_every_size() -> None:
    bench = _load("bench_durak")
    assert bench.vs_python_jit("auto") is True and bench.vs_python_jit(True) is True
    from foolsolve.errors import InputError

    with pytest.raises(InputError):
        bench.vs_python_jit(False)


def test_durak_solver_rows_of_the_finished_positions_are_printed_on_ctrl_c(capsys) -> None:
    bench = _load("bench_durak")
    calls = []

    def runner(_position: object, _state: object) -> tuple[float, int, str]:
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return 0.5, 10, "win"

    with pytest.raises(KeyboardInterrupt):
        bench._bench_rows([3], 4, 1, [("current", runner)], False)
    assert "| 3v3 | 1 | 0.500 | 0.500 | 10 | 10 | 20 | 1/0/0 |" in capsys.readouterr().out


def test_durak_playout_rows_of_the_finished_games_are_printed_on_ctrl_c(monkeypatch, capsys) -> None:
    bench = _load("bench_durak")
    from foolsolve.engines import durak_playout

    calls = []

    def game(_start: object, _rng: object) -> tuple[int, object]:
        calls.append(1)
        if len(calls) == 5:
            raise KeyboardInterrupt
        return 7, "over"

    monkeypatch.setattr(durak_playout, "use", lambda kind: None)
    monkeypatch.setattr(bench, "ROWS", [("spec", "a", game), ("engine", "b", game)])
    with pytest.raises(KeyboardInterrupt):
        bench.bench_playouts(3, 1, 2)
    out = capsys.readouterr().out
    assert "| spec | a | 2 games (of 3 x 2) | 14 |" in out and "| engine | b | 2 games (of 3 x 2) | 14 |" in out


def test_open_hand_table_of_the_answered_examples_is_printed_on_ctrl_c(monkeypatch, capsys) -> None:
    bench = _load("bench_open_hand")
    rows = [{"name": "durak-endgame", "seconds": 1.0, "code": 0, "exact": True, "method": "exact solver"}]

    def answer(_path: object, _seconds: float, _timeout: float) -> dict[str, object]:
        if not rows:
            raise KeyboardInterrupt
        return rows.pop()

    monkeypatch.setattr(bench, "answer", answer)
    monkeypatch.setattr(sys, "argv", ["bench_open_hand.py", "--only", "durak-endgame", "views/three-fools"])
    with pytest.raises(KeyboardInterrupt):
        bench.main()
    out = capsys.readouterr().out
    assert "| durak-endgame | 1.0 | 0 | yes | exact solver |" in out and "1 of 1 answered" in out


def test_table_memory_ctrl_c_is_one_line_and_exit_130() -> None:
    proc = subprocess.Popen([sys.executable, str(BENCH / "bench_table_memory.py"), "--seconds", "60", "--budgets", "8"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    assert proc.stdout.readline().startswith("Machine: ")  # the run has started: its first solve follows
    time.sleep(1.5)
    proc.send_signal(signal.SIGINT)
    _out, err = proc.communicate(timeout=60)
    assert (proc.returncode, err) == (130, "bench_table_memory.py: interrupted\n")


def test_batch_sigterm_stops_it_and_removes_its_folder(tmp_path: Path) -> None:
    """SIGTERM while the batch bench runs: one line, exit 143, its temporary folder removed."""
    env = {**os.environ, "TMPDIR": str(tmp_path)}
    proc = subprocess.Popen([sys.executable, str(BENCH / "bench_batch.py"), "--positions", "2", "--processes", "1",
                             "--k", "3", "--no-dask"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env)
    deadline = time.monotonic() + 60
    while not any(tmp_path.glob("foolsolve-bench-batch-*/p0.json")) and time.monotonic() < deadline:
        time.sleep(0.05)
    proc.send_signal(signal.SIGTERM)
    _out, err = proc.communicate(timeout=60)
    assert proc.returncode == 143 and err.endswith("bench_batch.py: terminated\n"), err
    assert not any(tmp_path.glob("foolsolve-bench-batch-*"))


def test_durak_solver_rows_only_solve_the_positions_named() -> None:
    """``--only 2``: the third position of each size's set alone, a row of one position."""
    bench = _load("bench_durak")
    seen = []

    def runner(position: dict[str, object], _state: object) -> tuple[float, int, str]:
        seen.append(position)
        return 0.25, 5, "loss"

    rows = bench._bench_rows([3], 4, 1, [("current", runner)], False, [2])
    rng = bench.random.Random("1:3")
    assert seen == [[bench.endgame(3, rng) for _ in range(4)][2]]
    assert rows == ["| 3v3 | 1 | 0.250 | 0.250 | 5 | 5 | 20 | 0/0/1 |"]


def test_the_two_stock_cards_view_of_benchmarks_is_player_0s_view_of_trial() -> None:
    """bench/data/durak-two-stock-cards-view.json (BENCHMARKS.md, "Answers from one seat") is what
    ``foolsolve view --as 0`` writes for ``TRIAL`` of tests/durak/test_stock.py, the rest of the deck
    discarded."""
    from foolsolve import games
    from foolsolve.worlds import view_of
    from tests.durak.test_stock import _trial

    shipped = json.loads((BENCH / "data" / "durak-two-stock-cards-view.json").read_text(encoding="utf-8"))
    assert shipped == view_of(games.get("durak"), _trial(), 0)


def test_a_worker_ends_silently_with_exit_130_on_ctrl_c(monkeypatch, capsys) -> None:
    """The worker of --baseline-tree / --baseline-python gets Ctrl-C with its caller: it ends with
    exit 130 and says nothing (the caller prints the one 'interrupted' line)."""
    kit = _load("benchkit")
    monkeypatch.setattr(sys, "stdin", io.StringIO('{"n": 1}\n'))

    def answer(_job: object) -> None:
        raise KeyboardInterrupt

    with pytest.raises(SystemExit) as stop:
        kit.serve("ready", answer)
    assert stop.value.code == 130
    out = capsys.readouterr()
    assert out.out == "ready\n" and out.err == ""
