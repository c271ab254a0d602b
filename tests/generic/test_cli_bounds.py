"""Long work has a time and a memory bound, and every option value out of range is refused:
``perft`` and ``conform`` stop at a default ``--time``, counts (``--samples``, ``--cases``,
``--max-memory``, ``capture --limit``) have a stated maximum, a time limit is finite and at most a
year, ``-o player`` names a player of the position, a list longer than any position holds is
refused before the schema reads it item by item, and the default ``openspiel-ismcts`` match is
short. Each a one-line error with exit 2 (tests/generic/test_cli_bad_input.py), each cheap."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from foolsolve import cli as cli_module
from tests.generic.test_cli_bad_input import EXAMPLES, assert_one_line_error, cli

ENDGAME = str(EXAMPLES / "durak-endgame.json")
MIDBOUT = str(EXAMPLES / "durak-midbout.json")
VIEW = str(EXAMPLES / "views" / "durak-fresh-deal.json")
HUGE = "1" + "0" * 23


@pytest.fixture(autouse=True)
def _no_background_compile(monkeypatch):
    monkeypatch.setenv("FOOLSOLVE_BACKGROUND_COMPILE", "0")


def test_perft_stops_at_its_default_time_limit_and_says_it_was_the_default(monkeypatch):
    """``perft --depth 10**23`` had no time bound (``--time`` optional, no default): it ran for ever."""
    monkeypatch.setattr(cli_module, "PERFT_SECONDS", 0.3)
    line = assert_one_line_error(["perft", MIDBOUT, "--depth", HUGE, "--impl", "engine"], "--time", "0.3 s",
                                 "the default", "--time 0: no limit")
    assert "did not finish" in line


def test_perft_help_states_its_default_time():
    code, out, _ = cli(["perft", "--help"])
    assert code == 0 and "[default: 600; 0: no limit; at most a year]" in " ".join(out.split())


def test_conform_cases_above_ten_million_are_refused():
    """``conform durak --cases 10**23`` was taken, and ran for ever (arena's --games stops at 10^7)."""
    assert_one_line_error(["conform", "durak", "--cases", HUGE], "--cases", "1<=x<=10000000")


def test_conform_stopped_by_its_default_time_reports_the_games_and_is_not_a_pass(monkeypatch):
    monkeypatch.setattr(cli_module, "CONFORM_SECONDS", 0.001)
    code, out, err = cli(["conform", "fools-and-angels", "--cases", "1000"])
    assert code == 2, (code, out, err)
    assert "spec and engine agree\n" not in out and "1 game," in out
    line = err.strip()
    assert line.startswith("foolsolve: error: --time:") and "default" in line and "1 of 1,000 games" in line
    assert "not a full run" in line


def test_conform_json_stopped_by_its_default_time_prints_the_summary_and_a_json_error(monkeypatch):
    monkeypatch.setattr(cli_module, "CONFORM_SECONDS", 0.001)
    code, out, err = cli(["conform", "fools-and-angels", "--cases", "1000", "--json"])
    obj = json.loads(out)
    assert code == 2 and obj["timed_out"] and (obj["cases"], obj["finished"], obj["agreeing"]) == (1000, 1, 1)
    assert json.loads(err)["error"].startswith("--time: stopped at the default")


def test_conform_whose_last_game_ends_past_its_time_is_a_full_run(monkeypatch):
    """The last game asked for, finished past --time, marked the run stopped by it: "agree in the 1 of
    1 games finished within --time", and at the default --time exit 2, "not a full run"."""
    code, out, err = cli(["conform", "fools-and-angels", "--cases", "1", "--time", "0.001"])
    assert code == 0 and out.endswith("spec and engine agree\n"), (out, err)
    monkeypatch.setattr(cli_module, "CONFORM_SECONDS", 0.001)
    code, out, err = cli(["conform", "fools-and-angels", "--cases", "1"])
    assert code == 0 and out.endswith("spec and engine agree\n"), (out, err)


def test_conform_with_a_given_time_says_how_many_games_it_checked():
    code, out, err = cli(["conform", "fools-and-angels", "--cases", "1000", "--time", "0.001"])
    assert code == 0, err
    assert "spec and engine agree in the 1 of 1,000 games finished within --time 0.001 s" in out


def test_conform_strict_fails_a_run_its_time_cut_short():
    """``conform --cases 3 --time 0.001`` reported "agree in the 1 of 3 games finished" with exit 0,
    and nothing made it fail: under --strict it is exit 2, as a stop at the default --time (exit 1
    is a divergence)."""
    code, out, err = cli(["conform", "fools-and-angels", "--cases", "1000", "--time", "0.001", "--strict"])
    assert code == 2 and "1 game," in out and "agree" not in out, (out, err)
    line = err.strip()
    assert line.startswith("foolsolve: error: --strict: stopped by --time 0.001 s with 1 of 1,000 games checked")
    assert "not a full run" in line and "\n" not in line
    code, out, err = cli(["conform", "fools-and-angels", "--cases", "1000", "--time", "0.001", "--strict", "--json"])
    assert code == 2 and json.loads(out)["timed_out"] and json.loads(err)["error"].startswith("--strict:")
    code, out, err = cli(["conform", "fools-and-angels", "--cases", "1", "--time", "0.001", "--strict"])
    assert code == 0 and out.endswith("spec and engine agree\n"), (out, err)


def test_conform_strict_fails_a_run_with_games_cut_at_max_steps():
    """Under --strict a game cut at --max-steps is no full check either: exit 2, the cut games named
    in the one-line error (text and --json) and no "agree" line; without --strict the cut is a pass."""
    argv = ["conform", "durak", "--cases", "3", "--seed", "5", "--max-steps", "4"]
    code, out, err = cli(argv)
    assert code == 0 and out.endswith("spec and engine agree\n"), (out, err)
    code, out, err = cli([*argv, "--strict"])
    assert code == 2 and "3 games (3 cut at --max-steps 4)" in out and "agree" not in out, (out, err)
    line = err.strip()
    assert line == ("foolsolve: error: --strict: 3 of 3 games checked cut at --max-steps 4 (agreeing up to there): "
                    "not a full run; --max-steps raises it")
    code, out, err = cli([*argv, "--strict", "--json"])
    assert code == 2 and json.loads(out)["cut"] == 3 and not json.loads(out)["timed_out"], (out, err)
    assert json.loads(err)["error"] == line.removeprefix("foolsolve: error: ")
    code, out, err = cli([*argv[:-1], "10000", "--strict"])
    assert code == 0 and out.endswith("spec and engine agree\n"), (out, err)


def test_conform_strict_names_both_a_time_stop_and_a_cut_in_one_line():
    code, out, err = cli(["conform", "durak", "--cases", "1000", "--seed", "5", "--max-steps", "4", "--time", "0.001",
                          "--strict"])
    line = err.strip()
    assert code == 2 and "agree" not in out and "\n" not in line, (out, err)
    assert line.startswith("foolsolve: error: --strict: stopped by --time 0.001 s with ")
    assert "cut at --max-steps 4" in line and line.endswith("--time 0: no limit; --max-steps raises it")


@pytest.mark.parametrize("argv", [
    [ENDGAME, "--no-store"],
    ["report", ENDGAME, "--out", "OUT", "--no-store"],
    ["batch", "-", "--no-store"],
    ["play", ENDGAME, "--interactive", "--seat", "0"],
])
def test_samples_above_ten_million_are_refused_everywhere(argv, tmp_path):
    """``batch`` of a view line with ``--samples 10**30`` valued worlds for ever."""
    argv = [str(tmp_path / "page.html") if a == "OUT" else a for a in argv]
    assert_one_line_error([*argv, "--samples", "1" + "0" * 30], "--samples", "1<=x<=10000000")


@pytest.mark.parametrize("argv", [
    [ENDGAME, "--no-store"],
    ["report", ENDGAME, "--out", "OUT", "--no-store"],
    ["batch", "-", "--no-store"],
    ["ambiguities", "durak", "--option", "trump_card_draw"],
])
def test_max_memory_above_a_tebibyte_is_refused(argv, tmp_path):
    argv = [str(tmp_path / "page.html") if a == "OUT" else a for a in argv]
    assert_one_line_error([*argv, "--max-memory", HUGE], "--max-memory", "1<=x<=1048576")


@pytest.mark.parametrize("value", ["inf", "Infinity", "1e400", "40000000"])
@pytest.mark.parametrize("argv", [
    [ENDGAME, "--no-store", "--time"],
    ["batch", "-", "--no-store", "--time"],
    ["perft", ENDGAME, "--time"],
    ["play", ENDGAME, "--interactive", "--seat", "0", "--think"],
])
def test_a_time_limit_is_finite_and_at_most_a_year(argv, value):
    """``--time inf`` and ``--time 1e400`` were taken as no limit, while ``--time nan`` was refused."""
    assert_one_line_error([*argv, value], argv[-1])


@pytest.mark.parametrize("value", ["1e400", "Infinity", "40000000", "1" + "0" * 40])
def test_option_time_is_finite_and_at_most_a_year(value):
    """``-o time=1e400`` and ``-o time=Infinity`` were taken (``-o time=inf`` was not)."""
    assert_one_line_error([ENDGAME, "--no-store", "-o", f"time={value}"], "option time", "a year")


@pytest.mark.parametrize("player", [HUGE, "2"])
def test_option_player_the_position_does_not_have_is_refused_before_any_search(player):
    """``-o player=10**23`` on a two-player endgame the exact solver answers was exit 0 with a note
    that the option was not applied."""
    assert_one_line_error([ENDGAME, "--no-store", "-o", f"player={player}"], "option player",
                          "not a player of this position (2 players)")


def test_view_out_of_time_names_the_default_time_and_the_max_nodes_budget():
    """A view with ``--max-nodes 10**29`` ended with ``--time: no world was valued in the time given``
    though no --time was given: the default (20 s) and the likely cause are named."""
    from foolsolve.seat import _no_world_text
    from foolsolve.solver.base import DEFAULT_SECONDS, MAX_NODES

    text = _no_world_text(DEFAULT_SECONDS, MAX_NODES)
    assert "20 s (the default --time)" in text and "--max-nodes 4,611,686,018,427,387,904" in text
    assert "--max-nodes" not in _no_world_text(DEFAULT_SECONDS, 5_000)
    assert_one_line_error([VIEW, "--no-store", "--samples", "3", "--max-nodes", "1" + "0" * 29, "--time", "0.5"],
                          "--time: no world was valued in 0.5 s", "--max-nodes", "did not fit")


def _long_discard(n: int) -> dict:
    obj = json.loads(Path(MIDBOUT).read_text(encoding="utf-8"))
    obj["discard"] = ["6C"] * n
    return obj


def test_a_list_longer_than_any_position_holds_is_refused_before_the_schema(tmp_path):
    """A 15 MB durak position with 2,500,000 discards took 32 s and 245 MB in the schema's check of
    every item before ``discard: duplicate card 6C``."""
    from foolsolve.positions import MAX_ITEMS

    p = tmp_path / "big.json"
    p.write_text(json.dumps(_long_discard(MAX_ITEMS + 1)), encoding="utf-8")
    assert_one_line_error(["show", str(p)], "discard: a list of 10,001 items", "at most 10,000")


def test_a_batch_line_with_a_list_longer_than_any_position_holds_gets_that_error(tmp_path):
    from foolsolve.positions import MAX_ITEMS

    batch_in = tmp_path / "in.jsonl"
    batch_in.write_text(json.dumps(_long_discard(MAX_ITEMS + 1)) + "\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    code, _, _ = cli(["batch", str(batch_in), "--out", str(out), "--no-store"])
    assert code == 2
    record = json.loads(out.read_text(encoding="utf-8"))
    assert "discard: a list of 10,001 items" in record["error"]


def test_openspiel_ismcts_default_simulations_make_a_short_match():
    """``arena durak --bot openspiel-ismcts --bot random --games 1`` took two minutes at the old
    default of 500 simulations a move."""
    pytest.importorskip("pyspiel")
    from foolsolve.bots.seat_bots import OPENSPIEL, OPENSPIEL_SIMULATIONS

    assert OPENSPIEL_SIMULATIONS == 50
    assert OPENSPIEL.make({}, "").simulations == 50  # type: ignore[attr-defined]
    assert "default 50" in OPENSPIEL.params["simulations"]


def test_a_budget_that_ran_out_is_a_limit_error_of_kind_limit(monkeypatch):
    """A budget that ran out before an answer is a :class:`~foolsolve.errors.LimitError` (one line, exit
    2), which ``--json``'s error object tells apart as ``"kind": "limit"``: a ``perft`` count cut by
    ``--max-nodes`` (and :meth:`Position.perft` from Python), a ``conform --strict`` run cut at
    ``--max-steps``, a full position with no open-hand answer within ``--max-nodes``; bad input stays
    ``"kind": "input"``."""
    import foolsolve
    from foolsolve.errors import LimitError

    for argv in (["perft", MIDBOUT, "--depth", "4", "--max-nodes", "3", "--json"],
                 ["conform", "durak", "--cases", "1", "--seed", "5", "--max-steps", "4", "--strict", "--json"],
                 [ENDGAME, "--no-store", "--max-nodes", "2", "--time", "5", "--json"]):
        code, _out, err = cli(argv)
        record = json.loads(err)
        assert code == 2 and record["kind"] == "limit" and record["exit_code"] == 2, (argv, err)
    code, _out, err = cli(["perft", MIDBOUT, "--depth", "-1", "--json"])
    assert code == 2 and json.loads(err)["kind"] == "input", err
    with pytest.raises(LimitError, match=r"^max_nodes: the spec total at depth 4 did not finish within 3 nodes"):
        foolsolve.load(MIDBOUT).perft(4, max_nodes=3)
    with pytest.raises(LimitError, match=r"^max_nodes: no open-hand answer within"):
        foolsolve.answer(ENDGAME, max_nodes=2, time=5)
