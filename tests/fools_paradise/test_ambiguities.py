"""``foolsolve ambiguities``: where the choice of a rule option changes the best move or the
result. Answers are re-derived here by independent means (exhaustive minimax over the spec,
points banked computed from spec scores)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from foolsolve import games
from foolsolve.ambiguities import (
    GenericAdapter,
    adapter_for,
    bests_disagree,
    compare_position,
    label,
)
from foolsolve.positions import write_json_atomic
from foolsolve.solver import minimax
from foolsolve.solver.fools_paradise.ambiguity import FoolsParadiseAmbiguity, ambiguities
from foolsolve.spec.fools_paradise import SPEC, Rules, State
from tests.fools_paradise.helpers import ACES, position_json


def run(*args: str) -> Any:
    return CliRunner().invoke(ambiguities, list(args), catch_exceptions=False)


def minimax_best(state: State) -> set[str]:
    mv = minimax.move_values(SPEC, state)
    top = max(mv.values())
    return {m for m, v in mv.items() if v == top}


def greedy_best_by_spec(state: State) -> set[str]:
    """Moves banking the most points this turn, measured as the mover's score change."""
    p = state.to_move
    gains = {str(m): SPEC.apply(state, m).scores()[p] - state.scores()[p] for m in SPEC.legal_moves(state)}
    top = max(gains.values())
    return {m for m, g in gains.items() if g == top}


def test_bests_disagree_means_no_common_best_move() -> None:
    assert bests_disagree([["a"], ["b"]])
    assert not bests_disagree([["a"], ["a", "b"]])
    assert not bests_disagree([["a"]])
    assert label("either") == "either" and label(True) == "true" and label(2) == "2"


def test_position_mode_ace_disagreement_confirmed_by_minimax(tmp_path: Path) -> None:
    """Hand 6, 8; centre 7, A; the other player holds a king: with the ace low (or either) the 8
    takes 7 + A (8); with aces high it cannot (14 > 8)."""
    obj = position_json(["6D 8H", "KC"], "7D AS")
    f = tmp_path / "pos.json"
    write_json_atomic(f, obj)
    res = run("fools-paradise", "--option", "ace", "--position", str(f), "--no-witness", "--json")
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert out["position"]["disagree"] is True
    for a in out["position"]["choices"]:
        o = dict(obj, rules={"ace": a["choice"]})
        state = SPEC.state_from_json(o)
        assert set(a["best"]) == minimax_best(state)
        assert a["value"] == minimax.value_for(SPEC, state, 0)
        assert a["method"] == "exact endgame"
    bests = {a["choice"]: a["best"] for a in out["position"]["choices"]}
    assert bests["low"] == ["collect 8♥: A♠ 7♦"] and "collect 8♥: A♠ 7♦" not in bests["high"]


def test_position_mode_text_report_on_the_worked_example() -> None:
    from importlib import resources

    f = resources.files("foolsolve").joinpath("examples", "fools-paradise-worked-example.json")
    res = run("fools-paradise", "--option", "ace", "--position", str(f), "--no-witness")
    assert res.exit_code == 0, res.output
    # the stock is not empty: the greedy answer. K+K+6+5+2 and K+K+J+2 both bank 39 points
    # (the seed calls the first "the most efficient play" by cards, not by points)
    assert res.output.count("best collect K♠: K♥ 6♣ 5♦ 2♠ | collect K♠: K♥ J♥ 2♠; value 39 (greedy") == 4
    assert "agree on the best move" in res.output


def test_position_files_with_scores_are_compared_under_every_choice() -> None:
    """``scores`` in a file are derived under its rules; the explorer re-derives them."""
    from importlib import resources

    f = resources.files("foolsolve").joinpath("examples", "fools-paradise-endgame.json")
    res = run("fools-paradise", "--option", "ace", "--position", str(f), "--no-witness", "--json")
    assert res.exit_code == 0, res.output
    choices = json.loads(res.output)["position"]["choices"]
    assert all("error" not in a for a in choices)
    assert choices[0]["best"] == ["collect A♦: Q♦ 7♥ 6♥ 3♠"]


def test_deals_mode_counts_are_reproducible_and_match_an_independent_greedy() -> None:
    args = ["fools-paradise", "--option", "ace", "--deals", "4", "--seed", "7", "--policy-only", "--no-witness",
            "--json"]
    first = run(*args)
    assert first.exit_code == 0, first.output
    out = json.loads(first.output)
    assert json.loads(run(*args).output) == out
    rep = out["deals"]
    want_differs = 0
    for i in range(4):
        bests = [greedy_best_by_spec(SPEC.deal(Rules(ace=c), 2, random.Random(7 + i))) for c in ACES]
        want_differs += not set.intersection(*bests)
    assert rep["best_differs"] == want_differs
    assert 0 <= rep["final_differs"] <= 4 and rep["skipped"] == 0
    assert set(rep["mean_final"]) == set(ACES)


def test_deals_mode_exact_endgame_final_result() -> None:
    """Greedy play to an empty stock, then the exact endgame (one deal, two choices)."""
    adapter = FoolsParadiseAmbiguity(games.get("fools-paradise"), 2)
    state = SPEC.deal(Rules(played_card="stays"), 2, random.Random(3))
    v = adapter.final_result(state, "stays")
    assert isinstance(v, int)
    res = run("fools-paradise", "--option", "played_card", "--deals", "1", "--seed", "3", "--no-witness", "--json")
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)["deals"]
    assert out["mean_final"]["stays"] == v


def test_witness_is_written_loadable_and_confirmed(tmp_path: Path) -> None:
    out_file = tmp_path / "witness.json"
    res = run("fools-paradise", "--option", "ace", "--witness-size", "5", "--tries", "60", "--out", str(out_file))
    assert res.exit_code == 0, res.output
    assert "smallest witness found" in res.output
    obj = json.loads(out_file.read_text(encoding="utf-8"))
    state = SPEC.state_from_json(obj)
    size = sum(len(h) for h in state.hands) + len(state.centre)
    assert size <= 5 and "ambiguity witness" in obj["comment"]
    bests = []
    for c in ACES:
        o = dict(obj, rules={"ace": c})
        o.pop("scores", None)
        bests.append(minimax_best(SPEC.state_from_json(o)))
    assert not set.intersection(*bests)


def test_witness_search_works_for_every_option() -> None:
    info = games.get("fools-paradise")
    for name in ["played_card", "card_points", "last_card_sweep_counts_as_clear", "decks"]:
        res = run("fools-paradise", "--option", name, "--witness-size", "4", "--tries", "30", "--json")
        assert res.exit_code == 0, (name, res.output)
        out = json.loads(res.output)
        assert out["option"] == name
        if out["witness"] is not None:
            w = out["witness"]["position"]
            info.spec.state_from_json(w)
            assert out["witness"]["report"]["disagree"] is True


def test_errors_exit_2_with_one_line(tmp_path: Path) -> None:
    from tests.generic.batch_helpers import call_main

    code, out, err = call_main(["ambiguities", "fools-paradise", "--option", "aces"])
    assert (code, out) == (2, "")
    assert err.startswith('foolsolve: error: --option: fools-paradise has no rule option "aces"')
    assert call_main(["ambiguities", "nosuchgame", "--option", "ace"])[0] == 2
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "fools-paradise", "hands": [["ZZ"], []], "centre": [], "to_move": 0, "stock": []}')
    code, out, err = call_main(["ambiguities", "fools-paradise", "--option", "ace", "--position", str(bad)])
    assert (code, out) == (2, "") and 'hands[0]: unknown card "ZZ"' in err
    assert len(err.strip().splitlines()) == 1


def test_errors_exit_2_through_the_foolsolve_entry_point(capsys: Any) -> None:
    """The same bad option through ``foolsolve`` itself (click's non-standalone mode returns a
    command's exit code instead of raising it; main() must still exit 2)."""
    import pytest

    from foolsolve.cli import main
    with pytest.raises(SystemExit) as exc:
        main(["ambiguities", "fools-paradise", "--option", "aces"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("foolsolve: error: --option:") and len(err.strip().splitlines()) == 1


def test_generic_adapter_uses_the_games_solver() -> None:
    info = games.get("fools-paradise")
    generic = GenericAdapter(info)
    assert not generic.supports_witness
    assert isinstance(adapter_for(info), FoolsParadiseAmbiguity)
    obj = position_json(["6D 8H", "KC"], "7D AS")
    rep = compare_position(generic, obj, "ace", ACES)
    fp = compare_position(adapter_for(info), obj, "ace", ACES)
    assert [a.best for a in rep.analyses] == [a.best for a in fp.analyses]
    assert rep.disagree == fp.disagree


def test_choice_that_makes_the_position_invalid_is_reported_not_compared() -> None:
    info = games.get("fools-paradise")
    obj = position_json(["6D 8H", "KC"], "7D AS")
    rep = compare_position(adapter_for(info), obj, "decks", [1, 2])
    assert rep.analyses[0].error is None and rep.analyses[1].error is not None
    assert rep.analyses[1].error.startswith("stock: the position lists 52 cards, 2 decks hold 104")
    assert not rep.disagree
