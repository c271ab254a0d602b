"""``foolsolve ambiguities`` for every option of every game: Durak and Fools and Angels compare
deals by policy play to an exactly solvable position; answers are re-derived here by a second
method (exhaustive minimax over the spec) and the mechanics are checked on small runs."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from foolsolve import games
from foolsolve.ambiguities import (
    PolicyEndgameAdapter,
    adapter_for,
    choices_of,
    comparable_options,
    compare_deals,
    compare_position,
    option_info,
)
from foolsolve.errors import InputError
from foolsolve.solver import minimax
from foolsolve.spec import durak as D
from foolsolve.spec import fools_and_angels as F


class Result(NamedTuple):
    exit_code: int
    output: str
    """Standard output, then standard error."""


def run(*args: str) -> Result:
    """``foolsolve ambiguities ARGS`` as the CLI runs it (its errors are printed by foolsolve's main)."""
    from tests.generic.batch_helpers import call_main

    code, out, err = call_main(["ambiguities", *args])
    return Result(code, out + err)


def minimax_best(spec: Any, state: Any) -> set[str]:
    mv = minimax.move_values(spec, state)
    top = max(mv.values())
    return {m for m, v in mv.items() if v == top}


def retrograde_best(state: Any) -> set[str]:
    """Best moves of a two-player Durak position by networkx retrograde analysis of the spec's
    whole state graph (endless play: a draw)."""
    from foolsolve.solver import retrograde

    spec = D.SPEC
    g, root = retrograde.state_graph(state, spec.legal_moves, spec.apply, spec.to_move, spec.result)
    val = retrograde.retrograde_wdl(g)
    mover = g.nodes[root]["to_move"]

    def for_root_mover(node: Any) -> int:
        tm = g.nodes[node]["to_move"]
        if tm == -1:
            return val[node] if mover == 0 else -val[node]
        return val[node] if tm == mover else -val[node]

    children = {g.edges[root, c]["move"]: for_root_mover(c) for c in g.successors(root)}
    top = max(children.values())
    return {m for m, v in children.items() if v == top}


def test_durak_throw_in_after_take_over_deals_runs_and_names_the_method() -> None:
    res = run("durak", "--option", "throw_in_after_take", "--deals", "3", "--no-witness")
    assert res.exit_code == 0, res.output
    assert "method: policy play, then exact" in res.output and "stock is empty" in res.output
    assert "best move differs in" in res.output and "on the way" in res.output


@pytest.mark.parametrize("game", [i.name for i in games.all_games() if i.declared("ambiguity") is not None])
def test_every_option_has_choices_to_compare(game: str) -> None:
    info = games.get(game)
    adapter = adapter_for(info)
    for o in comparable_options(info):
        if o.name in adapter.no_alternatives:  # stated: --choices names the values (Three Fools' roshambo table)
            assert o.choices is None and adapter.alternatives(o) is None
            with pytest.raises(InputError, match="name the values with --choices"):
                choices_of(o, adapter)
            continue
        choices = choices_of(o, adapter)
        assert len(choices) >= 2 and len({json.dumps(json.loads(json.dumps(str(c)))) for c in choices}) == len(choices)
        adapter.rules_for(o.name, choices[1])  # a valid rules value


def test_fools_and_angels_open_options_use_their_stated_alternatives() -> None:
    info = games.get("fools-and-angels")
    adapter = adapter_for(info)
    assert choices_of(option_info(info, "hand_limit"), adapter) == [7, 6, 8]
    stocks = choices_of(option_info(info, "stocks"), adapter)
    assert stocks[1].player0 == stocks[0].player1 and stocks[1].pool == stocks[0].pool
    faces = choices_of(option_info(info, "face_effects"), adapter)
    assert faces[1] == F.FaceEffects("none", "none", "none")
    assert choices_of(option_info(info, "hand_limit"), adapter, [5, 9]) == [5, 9]


def test_an_open_option_without_alternatives_is_a_one_line_error() -> None:
    res = run("fools-and-angels", "--option", "hand_limit", "--choices", "[7, \"x\"]")
    assert res.exit_code == 2 and "--choices[1]" in res.output and len(res.output.strip().splitlines()) == 1
    res = run("fools-and-angels", "--option", "hand_limit", "--choices", "[7]")
    assert res.exit_code == 2 and "at least two" in res.output
    res = run("durak")
    assert res.exit_code == 2 and "--option" in res.output and "missing" in res.output
    res = run("durak", "--option", "variant", "--rules", '{"nope": 1}')
    assert res.exit_code == 2 and "--rules.nope" in res.output


@pytest.mark.parametrize("game, option, given, twice", [
    ("durak", "variant", '["podkidnoy", "simple", "podkidnoy"]', '--choices[2]: "podkidnoy" is --choices[0] again'),
    ("durak", "deck", "[36, 36]", "--choices[1]: 36 is --choices[0] again"),
    ("fools-and-angels", "hand_limit", "[7, 6, 7]", "--choices[2]: 7 is --choices[0] again"),
])
def test_a_choice_given_twice_is_a_one_line_error_naming_it(game: str, option: str, given: str, twice: str) -> None:
    """``--choices '["podkidnoy", "podkidnoy"]'`` compared a choice with itself, silently."""
    res = run(game, "--option", option, "--choices", given, "--no-witness", "--no-store")
    assert res.exit_code == 2 and len(res.output.strip().splitlines()) == 1, res.output
    assert twice in res.output
    res = run("durak", "--option", "variant", "--choices", "[36, 36]", "--no-store")  # not a value of the option
    assert res.exit_code == 2 and '--choices[0]: 36 is not one of "podkidnoy" | "simple" | "perevodnoy"' in res.output


WITNESS_GAMES = [name for name in games.names() if adapter_for(games.get(name)).supports_witness]


@pytest.mark.parametrize("game", WITNESS_GAMES)
def test_a_witness_size_beyond_the_cards_drawn_from_is_a_one_line_error_naming_the_maximum(game: str) -> None:
    """``--witness-size 37`` for Durak was 'internal error: ValueError: Sample larger than
    population' (exit 1), Foolery's 80 an IndexError: each game's witness search draws its
    positions from a deck, whose size is the largest witness size (named in the error and in
    ``--help``); positions of that size are drawn without error."""
    info = games.get(game)
    adapter = adapter_for(info)
    most = adapter.max_witness_size
    option = next(o.name for o in comparable_options(info))
    for args in (["--option", option], ["--all"]):
        res = run(game, *args, "--deals", "0", "--witness-size", str(most + 1), "--tries", "1", "--no-store")
        assert res.exit_code == 2 and len(res.output.strip().splitlines()) == 1, res.output
        assert f"--witness-size: at most {most} for {info.name}" in res.output and f"got {most + 1}" in res.output
    choices = choices_of(option_info(info, option), adapter)
    assert adapter.witness_candidates(most, random.Random(0), option, choices)
    assert f"{info.title} {most}" in " ".join(run("--help").output.split())


def test_durak_endgame_best_moves_match_minimax_over_the_spec() -> None:
    """The deals' compared position: the best moves under each choice, recomputed by exhaustive
    minimax over the spec (simple and podkidnoy never repeat, so minimax ends)."""
    info = games.get("durak")
    adapter = adapter_for(info)
    assert isinstance(adapter, PolicyEndgameAdapter)
    adapter.endgame_cards = 7
    for seed in range(3):
        state = adapter.deal(adapter.rules_for("variant", D.PODKIDNOY), random.Random(seed))
        _, end, _ = adapter.play_to_endgame(state)
        if end is None:
            continue
        obj = D.SPEC.state_to_json(end)
        rep = compare_position(adapter, obj, "variant", [D.PODKIDNOY, D.SIMPLE])
        for a in rep.analyses:
            assert a.error is None
            assert set(a.best) == minimax_best(D.SPEC, adapter.state_with(obj, "variant", a.choice))


def test_durak_three_players_reduce_to_the_two_left() -> None:
    from foolsolve.solver.durak.ambiguity import two_player_view

    info = games.get("durak")
    adapter = adapter_for(info, 3)
    adapter.endgame_cards = 8
    seen = 0
    for seed in range(6):
        state = adapter.deal(adapter.rules_for("variant", D.PODKIDNOY), random.Random(seed))
        last, end, _ = adapter.play_to_endgame(state)
        if end is None:
            continue
        view = two_player_view(last)
        assert view is not None
        two, holding = view
        assert two.players == 2 and not last.table
        assert [sorted(h) for h in two.hands] == [sorted(last.hands[p]) for p in holding]
        assert holding[two.attacker] == last.attacker
        seen += 1
    assert seen
    rep = compare_deals(adapter, "throw_in_after_take", [True, False], 2, 0)
    assert rep.counted + rep.skipped == 2


def test_durak_witness_is_written_loadable_and_confirmed(tmp_path: Path) -> None:
    out = tmp_path / "w.json"
    res = run("durak", "--option", "variant", "--witness-size", "5", "--tries", "150", "--seed", "2", "--out", str(out),
              "--json")
    assert res.exit_code == 0, res.output
    w = json.loads(res.output)["witness"]
    assert w is not None and out.is_file()
    obj = json.loads(out.read_text())
    D.SPEC.state_from_json(obj)
    bests = []
    for a in w["report"]["choices"]:
        state = D.SPEC.state_from_json(dict(obj, rules=dict(obj["rules"], variant=a["choice"])))
        # perevodnoy can repeat: minimax has no repetition check, retrograde analysis does
        want = retrograde_best(state) if a["choice"] == D.PEREVODNOY else minimax_best(D.SPEC, state)
        assert set(a["best"]) == want
        bests.append(set(a["best"]))
    assert not set.intersection(*bests)
    assert sum(len(h) for h in obj["hands"]) == w["size"]


def test_fools_and_angels_deals_and_witness() -> None:
    res = run("fools-and-angels", "--option", "defence_face_cards", "--deals", "2", "--endgame-cards", "14",
              "--witness-size", "7", "--json")
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    rep = out["deals"]
    assert rep["method"].startswith("policy play, then exact") and rep["deals"] == 2
    assert rep["on_the_way"]["positions"] > 0
    assert out["witness"] is not None and out["witness"]["size"] <= 7
    obj = out["witness"]["position"]
    bests = []
    for a in out["witness"]["report"]["choices"]:
        state = F.SPEC.state_from_json(dict(obj, rules=dict(obj["rules"], defence_face_cards=a["choice"])))
        assert set(a["best"]) == minimax_best(F.SPEC, state)
        bests.append(set(a["best"]))
    assert not set.intersection(*bests)


def test_a_position_no_exact_method_reaches_names_no_best_move(tmp_path: Path) -> None:
    """A Durak position with a stock: the policy plays on; no move is called best there."""
    from importlib import resources

    f = resources.files("foolsolve").joinpath("examples", "durak-midbout.json")
    res = run("durak", "--option", "throw_in_after_take", "--position", str(f), "--no-witness", "--json")
    assert res.exit_code == 0, res.output
    for a in json.loads(res.output)["position"]["choices"]:
        assert a["best"] == [] and ("not exactly solvable here" in a["method"] or a.get("error"))


def test_all_options_table_for_durak(tmp_path: Path) -> None:
    res = run("durak", "--all", "--deals", "1", "--witness-size", "4", "--tries", "20", "--out", str(tmp_path),
              "--json")
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    names = [r["option"] for r in out["options"]]
    assert names == [o.name for o in comparable_options(games.get("durak"))]
    assert out["method"].startswith("policy play")
    for r in out["options"]:
        if "cannot_matter" in r:  # a rule for 3+ players in a two-player run, or of perevodnoy: not swept, said so
            if r["option"] in ("throwers", "transfer_lead", "teams"):
                assert "cannot matter with 2 players" in r["cannot_matter"]
            else:
                assert r["option"] in ("transfer_by_showing_trump", "transfer_first_bout", "transfer_blocked_by_trump",
                                       "transfer_trump_laid")
                assert 'applies only with variant "perevodnoy" (here "podkidnoy")' in r["cannot_matter"]
            continue
        if "error" in r:  # a choice the exact solver does not play (a side rule): not swept, said so
            assert r["option"] in ("deck", "places", "trump_ace_exchange")
            assert r["error"].startswith("not compared: the exact Durak solver does not play ")
            continue
        assert r["deals"]["deals"] == 1
        if r["witness"] is not None:
            assert Path(r["witness"]["file"]).is_file()
    text = run("durak", "--all", "--deals", "1", "--no-witness")
    assert text.exit_code == 0 and "best differs" in text.output and "throw_in_after_take" in text.output


def test_all_options_table_for_fools_paradise_runs() -> None:
    res = run("fools-paradise", "--all", "--deals", "1", "--no-witness", "--json")
    assert res.exit_code == 0, res.output
    rows = json.loads(res.output)["options"]
    assert {r["option"] for r in rows} >= {"ace", "decks"}


def _all_interrupted_on_the_third_option(monkeypatch: pytest.MonkeyPatch, *extra: str) -> int:
    """``ambiguities durak --all`` with a Ctrl-C while the third option whose deals are compared is (deck, the
    second, is not compared: its choice 54 is a side rule): the exit code."""
    from foolsolve import ambiguities_cli, cli

    real = ambiguities_cli.compare_deals
    calls = []

    def interrupted_on_the_third(*args: Any, **kw: Any) -> Any:
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(*args, **kw)

    monkeypatch.setattr(ambiguities_cli, "compare_deals", interrupted_on_the_third)
    with pytest.raises(SystemExit) as exc:
        cli.main(["ambiguities", "durak", "--all", "--deals", "1", "--no-witness", *extra])
    return int(exc.value.code or 0)


def test_ctrl_c_during_all_keeps_the_finished_rows(monkeypatch: pytest.MonkeyPatch, capsys: Any) -> None:
    assert _all_interrupted_on_the_third_option(monkeypatch, "--json") == 130
    captured = capsys.readouterr()
    out = json.loads(captured.out)
    assert out["interrupted"] is True and [r["option"] for r in out["options"]] == ["variant", "deck",
                                                                                   "first_bout_limit"]
    [line] = captured.err.splitlines()  # one line for the Ctrl-C: JSON, naming the store that keeps the solves
    error = json.loads(line)
    assert error["kind"] == "interrupted" and error["exit_code"] == 130
    assert error["error"].startswith("ambiguities interrupted; every exact solve that finished is in the result store")


def test_ctrl_c_during_all_ends_with_the_kept_rows_then_one_line_on_stderr(monkeypatch: pytest.MonkeyPatch,
                                                                           capsys: Any) -> None:
    """Without --json a Ctrl-C during --all printed the run's statistics line ('ambiguities: exact solves:
    ...') on stderr before the interrupt line, and its 'interrupted' note before the legend: as every
    command stopped by Ctrl-C (batch, arena, conform, --option's deals), the note of what was kept is
    the last line on stdout and the interrupt line the only one on stderr."""
    assert _all_interrupted_on_the_third_option(monkeypatch) == 130
    captured = capsys.readouterr()
    rows = captured.out.splitlines()
    assert rows[3].split()[0] == "option"
    assert [r.split()[0] for r in rows[4:7]] == ["variant", "deck", "first_bout_limit"]
    assert rows[7].startswith("best differs: ") and len(rows) == 9, captured.out
    assert re.fullmatch(r"interrupted: 3 of \d+ options done", rows[8]), captured.out
    [line] = captured.err.splitlines()
    assert line.startswith("foolsolve: ambiguities interrupted; every exact solve that finished is in the result "
                           "store "), captured.err


def test_a_sweep_deals_to_a_position_a_player_moves_at_with_the_games_own_player_count():
    """Three Fools' deal leaves the first leader to chance: the sweep plays chance on to a round that
    can be led, so every deal is compared; --players defaults to the game's minimum (three)."""
    res = run("three-fools", "--option", "max_hand", "--deals", "2", "--no-store", "--json")
    out = json.loads(res.output)
    assert res.exit_code == 0 and out["deals"]["skipped"] == 0 and out["deals"]["deals"] == 2
    assert set(out["deals"]["mean_final"]) == {"4", "5"}
    res = run("three-fools", "--option", "max_hand", "--players", "3", "--deals", "1", "--no-store", "--json")
    assert res.exit_code == 0 and json.loads(res.output)["deals"]["skipped"] == 0


def test_a_sweep_says_when_an_option_cannot_matter_for_the_players_given():
    res = run("durak", "--option", "throwers", "--deals", "1", "--no-witness", "--no-store")
    assert res.exit_code == 0
    assert "option throwers cannot matter with 2 players: its rule applies with 3 or more players" in res.output
    res = run("durak", "--option", "throwers", "--players", "3", "--deals", "1", "--no-witness", "--no-store")
    assert "cannot matter" not in res.output


def test_at_a_position_best_says_it_is_best_value_without_the_distance_tie_break():
    """'foolsolve durak-endgame.json' says 'Best: attack K♥' (equal losses ranked by the moves to the
    end) while ambiguities at that position listed 'best attack 6♥ | attack 9♦ | attack K♥' with no word
    that best there means best value alone."""
    res = run("durak", "--option", "draw_outcome", "--position", str(EXAMPLES / "durak-endgame.json"), "--no-witness",
              "--no-store")
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    assert lines[0].endswith("; best: every move of the best value (solve's Best also ranks them by moves to the end "
                             "where it gives those)")
    assert "best attack 6♥ | attack 9♦ | attack K♥; value loss" in lines[1]


def test_a_position_of_another_game_is_said_plainly():
    """'ambiguities durak --position FOOLERY.json' said 'position: Additional properties are not
    allowed ("comment", "dealer" were unexpected)'; it says what conform says."""
    from tests.generic.batch_helpers import call_main

    pos = str(Path(__file__).resolve().parents[2] / "foolsolve" / "examples" / "foolery-endgame.json")
    code, out, err = call_main(["ambiguities", "durak", "--option", "variant", "--position", pos, "--no-witness"])
    assert (code, out, err) == (2, "", "foolsolve: error: --position: a foolery position, not durak\n")


def _readme_dispute_position(tmp_path: Path) -> Path:
    """The README's rule dispute: foolsolve play durak-perevodnoy.json "transfer 7D" --out p2.json."""
    from importlib import resources

    obj = json.loads(resources.files("foolsolve").joinpath("examples", "durak-perevodnoy.json").read_text())
    state = D.SPEC.state_from_json(obj)
    f = tmp_path / "p2.json"
    f.write_text(json.dumps(D.SPEC.state_to_json(D.SPEC.apply(state, D.SPEC.parse_move(state, "transfer 7D")))))
    return f


def test_where_no_choice_has_a_best_move_the_report_claims_no_agreement(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """At the README's rule-dispute position (three players, a stock) no exact method reaches the
    position: it printed 'best -' under both choices, then 'the choices agree on the best move', and a
    value that was player 0's with player 2 to move. The best move is not determined, so not compared;
    the value is the outcome of player 2, to move, re-derived here: the policy played on the spec, the
    endgame reached solved by retrograde analysis of its whole state graph."""
    from foolsolve.solver import retrograde
    from foolsolve.solver.durak.ambiguity import cards_in_play, policy_key, two_player_view

    monkeypatch.setenv("FOOLSOLVE_BACKGROUND_COMPILE", "0")
    f = _readme_dispute_position(tmp_path)
    obj = json.loads(f.read_text())
    assert D.SPEC.to_move(D.SPEC.state_from_json(obj)) == 2
    args = ("durak", "--option", "transfer_blocked_by_trump", "--position", str(f), "--no-witness", "--no-store")
    res = run(*args, "--json")
    assert res.exit_code == 0, res.output
    pos = json.loads(res.output)["position"]
    assert pos["disagree"] is False and pos["best_compared"] == 0
    for a in pos["choices"]:
        state = D.SPEC.state_from_json({**obj, "rules": {**obj["rules"], "transfer_blocked_by_trump": a["choice"]}})
        while not (cards_in_play(state) <= 10 and two_player_view(state) is not None):
            state = D.SPEC.apply(state, min(D.SPEC.legal_moves(state), key=lambda m, s=state: policy_key(s, m)))
        view, holding = two_player_view(state)
        g, root = retrograde.state_graph(view, D.SPEC.legal_moves, D.SPEC.apply, D.SPEC.to_move, D.SPEC.result)
        wdl = retrograde.retrograde_wdl(g)[root]  # for the endgame's side to move
        want = 1 if 2 not in holding else wdl if holding[view.to_move] == 2 else -wdl
        assert a["best"] == [] and a["best_known"] is False
        assert a["value"] == want and "the outcome of player 2, to move" in a["method"]
    text = run(*args)
    assert text.exit_code == 0, text.output
    assert "agree on the best move" not in text.output and "best -" not in text.output
    assert "player 0's outcome" not in text.output
    assert text.output.count(": best not determined; value ") == 2
    assert ("the best move is not compared: not determined under true, false (no exact method reaches this "
            f"position); the values agree: {pos['choices'][0]['value']} under every choice") in text.output


def test_the_verdict_compares_the_best_move_only_where_it_is_known() -> None:
    from foolsolve.ambiguities import Analysis, PositionReport

    def a(choice: str, best: list[str], value: Any = "win", known: bool = True, error: str | None = None) -> Analysis:
        return Analysis(choice, best, value, "exact" if known else "policy", error=error, best_known=known)

    def verdict(*analyses: Analysis) -> str:
        return PositionReport("o", list(analyses)).verdict()

    assert verdict(a("x", ["m"]), a("y", ["m", "n"])) == "the choices agree on the best move"
    assert verdict(a("x", ["m"]), a("y", ["n"])) == "the choices DISAGREE on the best move"
    assert verdict(a("x", ["m"]), a("y", ["m"]), a("z", [], 1, known=False)) == \
        "the choices agree on the best move where it is determined (not under z)"
    assert verdict(a("x", [], 1, known=False), a("y", [], -1, known=False)) == \
        "the best move is not compared: not determined under x, y (no exact method reaches this position); " \
        "the values differ: x 1, y -1"
    # an exact value and a policy play's are not compared
    assert verdict(a("x", ["m"]), a("y", [], 1, known=False)) == \
        "the best move is not compared: not determined under y (no exact method reaches this position)"
    assert verdict(a("x", [], None), a("y", [], None), a("z", [], None, error="bad")) == \
        "the best move is not compared: no move to choose under x, y; no answer under z (its line says why)"


EXAMPLES = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"


@pytest.mark.parametrize(("args", "needle"), [
    (["--option", "nosuch"], 'no rule option "nosuch"'),
    (["--option", "variant", "--choices", "[1]"], "--choices"),
    (["--option", "variant", "--players", "9"], "--players"),
    (["--option", "variant", "--witness-size", "37"], "--witness-size"),
    (["--option", "variant", "--rules", "[1]"], "--rules"),
    (["--option", "variant", "--position", str(EXAMPLES / "fools-paradise-endgame.json")], "--position"),
])
def test_every_input_error_of_a_sweep_is_a_json_object_with_json(args, needle):
    """These were printed as 'foolsolve: error: ...' text under --json: the command printed its own
    errors, not through foolsolve's main."""
    from tests.generic.batch_helpers import call_main

    code, out, err = call_main(["ambiguities", "durak", *args, "--json", "--no-store"])
    assert (code, out) == (2, "")
    lines = err.splitlines()
    assert len(lines) == 1, err
    obj = json.loads(lines[0])
    assert obj["kind"] == "input" and obj["exit_code"] == 2 and needle in obj["error"]


def test_a_position_is_checked_before_any_output_and_read_with_its_own_players():
    """A Fool's Paradise file for a Durak sweep printed the 'cannot matter with 2 players' note
    before its error; and a three-player Durak position got that note too (--players' default,
    not the position's three)."""
    from tests.generic.batch_helpers import call_main

    code, out, err = call_main(["ambiguities", "durak", "--option", "throwers", "--position",
                                str(EXAMPLES / "fools-paradise-endgame.json")])
    assert (code, out) == (2, "") and err.startswith("foolsolve: error: --position")
    three = ["durak", "--option", "throwers", "--position", str(EXAMPLES / "durak-midbout.json"), "--no-witness",
             "--no-store", "--endgame-cards", "4"]
    res = run(*three)
    assert res.exit_code == 0 and "cannot matter" not in res.output
    res = run(*three, "--json")
    assert "cannot_matter" not in res.output
    two = ["durak", "--option", "throwers", "--position", str(EXAMPLES / "durak-endgame.json"), "--no-witness",
           "--no-store"]
    res = run(*two)
    assert "note: at the position: option throwers cannot matter with 2 players" in res.output
    assert "cannot matter with 2 players" in json.loads(run(*two, "--json").output)["position"]["cannot_matter"]


@pytest.mark.parametrize(("args", "said"), [
    (["--option", "variant", "--players", "7", "--deals", "2", "--no-witness"],
     "--players: 7 players need the 54-card deck (rules.deck 54); the 36-card deck serves 2..6 (under every choice "
     "of variant: every deal would be skipped)"),
    (["--option", "deck", "--players", "7", "--deals", "2", "--no-witness", "--rules", '{"deck": 54}'],
     "--players: 7 players need the 54-card deck (rules.deck 54); the 36-card deck serves 2..6 (under deck=36: "
     "every deal would be skipped)"),
    (["--all", "--players", "7", "--no-witness"], "(under the rules of the deals: every deal would be skipped)"),
])
def test_players_no_deal_can_seat_are_refused_up_front(args, said):
    """``--players 7`` under the 36-card deck skipped every deal and reported '0 of 0 deals', exit 0
    ('deal durak --players 7' refuses it at once)."""
    res = run("durak", *args, "--no-store")
    assert res.exit_code == 2 and len(res.output.strip().splitlines()) == 1, res.output
    assert said in res.output


@pytest.mark.parametrize(("args", "said"), [
    (["--all", "--players", "7", "--rules", '{"deck": 54}', "--no-witness"],
     "--rules: the exact Durak solver does not play deck=54 (under the rules of the deals), and the deals are "
     "compared at two-player endgames it solves exactly: every deal that reaches one would be skipped"),
    (["--option", "variant", "--players", "7", "--rules", '{"deck": 54}', "--deals", "2"],
     "--rules: the exact Durak solver does not play deck=54 (under every choice of variant)"),
    (["--option", "deck", "--deals", "2", "--no-witness"],
     "--option: the exact Durak solver does not play deck=54 (under deck=54), and the deals are compared at "
     "two-player endgames it solves exactly: every deal that reaches one would be skipped; give --choices without 54"),
    (["--option", "trump_ace_exchange", "--witness-size", "3", "--tries", "1"],
     "--witness: the exact Durak solver does not play trump_ace_exchange=true (under trump_ace_exchange=true): no "
     "witness candidate can be compared; --no-witness"),
])
def test_rules_the_exact_solver_does_not_play_are_refused_up_front(args, said):
    """``--players 7 --rules '{"deck": 54}'`` (7 or 8 players need the 54-card deck) skipped every deal
    and reported '0 of 0 deals', exit 0: Durak's deals are compared at two-player endgames its exact
    solver solves, and it plays neither the 54-card deck nor the other side rules. So did a choice
    under such a rule (``--option deck``: 54), and the witness search found 'none' under one."""
    res = run("durak", *args, "--no-store")
    assert res.exit_code == 2 and len(res.output.strip().splitlines()) == 1, res.output
    assert said in res.output


@pytest.mark.parametrize(("game", "args", "said"), [
    ("durak", ["--option", "variant", "--no-witness"],
     "--no-witness: nothing to compare: give --deals N or --position FILE, or leave the witness search on"),
    ("durak", ["--option", "variant", "--no-witness", "--deals", "0", "--witness-size", "1000", "--tries", "5",
               "--players", "7", "--endgame-cards", "4", "--max-nodes", "5"], "--no-witness: nothing to compare"),
    ("durak", ["--all", "--deals", "0", "--no-witness"], "--no-witness: nothing to compare: give --deals N, or leave"),
    ("three-fools", ["--option", "max_hand"], "--deals: nothing to compare: three-fools has no witness search"),
    ("durak", ["--option", "variant", "--deals", "1", "--no-witness", "--witness-size", "5"],
     "--witness-size: a setting of the witness search, which --no-witness turns off"),
    ("durak", ["--option", "variant", "--deals", "1", "--no-witness", "--tries", "5"], "--tries: a setting of the "
                                                                                      "witness search"),
    ("three-fools", ["--option", "max_hand", "--deals", "1", "--tries", "5"],
     "--tries: a setting of the witness search, which three-fools does not have"),
    ("durak", ["--option", "variant", "--position", str(EXAMPLES / "durak-endgame.json"), "--no-witness", "--players",
               "3"], "--players: a setting of the deals and the witness search, and neither runs here"),
    ("durak", ["--option", "variant", "--position", str(EXAMPLES / "durak-endgame.json"), "--no-witness", "--seed",
               "3"], "--seed: a setting of the deals and the witness search, and neither runs here"),
    # --rules was taken and left out without a word: the position is compared under its own rules
    ("durak", ["--option", "draw_outcome", "--position", str(EXAMPLES / "durak-endgame.json"), "--no-witness",
               "--rules", '{"variant": "simple"}'],
     "--rules: a setting of the deals and the witness search, and neither runs here (a --position has its own "
     "players and rules)"),
])
def test_a_sweep_with_nothing_to_do_or_an_option_nothing_reads_is_an_error(game, args, said):
    """``ambiguities durak --option variant --no-witness`` printed nothing and exited 0, taking
    --witness-size 1000, --tries, --players, --endgame-cards and --max-nodes without a word."""
    res = run(game, *args, "--no-store")
    assert res.exit_code == 2 and len(res.output.strip().splitlines()) == 1, res.output
    assert said in res.output
