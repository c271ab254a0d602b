"""A full position where only chance is left (a tie in the final count, settled by Roshambo: 002
§Losing the Game "In the case of a tie, Roshambo for it!") is answered exactly, from any seat:
nothing a player does not see can change the result, so no seat analysis samples worlds for it."""

from __future__ import annotations

import json
from fractions import Fraction

from foolsolve import games
from foolsolve.solver.open_hand import CHANCE_ONLY_METHOD, chance_payoffs
from foolsolve.spec.three_fools import SPEC
from tests.generic.batch_helpers import call_main
from tests.three_fools.test_move_text import TIE_START


def _tie(tmp_path):
    s = SPEC.play(SPEC.state_from_json(TIE_START), "keep", "lead 5R as S", "play 1R", "play 2P")
    assert s.phase == "tie" and s.contest == (1, 2)
    path = tmp_path / "tie.json"
    path.write_text(json.dumps(SPEC.state_to_json(s)), encoding="utf-8")
    return s, str(path)


def test_a_tie_left_to_roshambo_is_answered_exactly_from_every_seat(tmp_path):
    _, path = _tie(tmp_path)
    for args, player, value in (([], 0, 0), (["--as", "1"], 1, "1/2"), (["--as", "2", "--samples", "50"], 2, "1/2"),
                                (["--as", "0"], 0, 0)):
        code, out, err = call_main([path, "--json", *args])
        assert code == 0, err
        obj = json.loads(out)
        assert obj["method"] == CHANCE_ONLY_METHOD and obj["value"] == value and obj["value_kind"] == "payoff", obj
        assert obj.get("player") == player, obj
        assert "player 0 0, player 1 1/2, player 2 1/2" in obj["notes"][0], obj
        assert not any("worlds" in n or "interval" in n for n in obj["notes"]), obj
    code, out, _ = call_main([path, "--as", "2", "--samples", "50", "--json"])
    assert any(n.startswith("not applied: --samples") for n in json.loads(out)["notes"])
    code, out, _ = call_main([path, "--as", "1"])
    assert code == 0 and "Value for player 1: 1/2" in out and "interval" not in out, out


def test_chance_payoffs_are_none_where_a_player_still_chooses():
    info = games.get("three-fools")
    s = SPEC.state_from_json(TIE_START)
    assert chance_payoffs(info, s) is None  # the leader may flip or keep
    tie = SPEC.play(s, "keep", "lead 5R as S", "play 1R", "play 2P")
    assert chance_payoffs(info, tie) == (Fraction(0), Fraction(1, 2), Fraction(1, 2))


def test_a_batch_line_of_a_tie_left_to_roshambo_is_the_exact_expectation(tmp_path):
    _, path = _tie(tmp_path)
    lines = tmp_path / "in.jsonl"
    lines.write_text(path + "\n", encoding="utf-8")
    code, out, err = call_main(["batch", str(lines)])
    assert code == 0, err
    record = json.loads(out.splitlines()[0])
    assert "seat" not in record and record["result"]["method"] == CHANCE_ONLY_METHOD, record


def test_the_analysis_page_of_a_tie_left_to_roshambo_from_a_seat_is_exact(tmp_path):
    _, path = _tie(tmp_path)
    html = tmp_path / "page.html"
    code, _, err = call_main(["report", path, "--as", "1", "--out", str(html), "--no-store"])
    assert code == 0, err
    text = html.read_text(encoding="utf-8")
    assert 'data-value="&quot;1/2&quot;">1/2</span>' in text and CHANCE_ONLY_METHOD in text
    assert "Student-t" not in text


def test_solve_and_report_name_the_same_seat_options_not_applied(tmp_path):
    """``--as 2 --samples 50 --seed 3`` on a tie left to Roshambo: solve and report give the same
    exact answer with the same note, naming --samples and --seed (not --as, which picks whose payoff
    it is) as not applied."""
    _, path = _tie(tmp_path)
    want = ("not applied: --samples, --seed (options of an answer from one seat; no player has a choice left, so "
            "nothing hidden changes the value)")
    code, out, err = call_main([path, "--as", "2", "--samples", "50", "--seed", "3", "--json"])
    assert code == 0, err
    assert [n for n in json.loads(out)["notes"] if n.startswith("not applied")] == [want]
    html = tmp_path / "page.html"
    code, _, err = call_main(["report", path, "--as", "2", "--samples", "50", "--seed", "3", "--out", str(html),
                              "--no-store"])
    assert code == 0, err
    text = html.read_text(encoding="utf-8")
    assert want in text and "not applied: --as" not in text


def _tie_view(tmp_path, player: int) -> str:
    _, path = _tie(tmp_path)
    view = tmp_path / f"view{player}.json"
    code, _, err = call_main(["view", path, "--as", str(player), "--out", str(view)])
    assert code == 0, err
    return str(view)


def test_a_view_of_a_tie_left_to_roshambo_is_answered_exactly(tmp_path):
    """A view (``"view": P``) where only chance is left gets the full position's exact answer for its
    player, labelled with its method, not a sample of its worlds; read back by ``Solved.from_json``."""
    import foolsolve
    from foolsolve.solver.open_hand import CHANCE_ONLY_PUBLIC_METHOD

    for player, value in ((0, 0), (1, "1/2"), (2, "1/2")):
        view = _tie_view(tmp_path, player)
        code, out, err = call_main([view, "--json"])
        assert code == 0, err
        obj = json.loads(out)
        assert "result" not in obj and obj["method"] == CHANCE_ONLY_PUBLIC_METHOD, obj
        assert obj["value"] == value and obj["value_kind"] == "payoff", obj
        assert [m["move"] for m in obj["moves"]] == ["roshambo 1", "roshambo 2"]
        assert obj.get("player", -1) == player  # chance is to move: the value is the view's player's
        solved = foolsolve.answer(view)
        assert foolsolve.Solved.from_json(solved.to_json(), view).same_answer(solved)
    code, out, _ = call_main([_tie_view(tmp_path, 1), "--samples", "50", "--json"])
    assert any(n.startswith("not applied: --samples") for n in json.loads(out)["notes"]), out


def test_a_view_left_to_chance_the_game_does_not_call_public_is_averaged_over_few_worlds_only(tmp_path, monkeypatch):
    """Where the game does not say the hidden cards change nothing, a view's chance-only answer is the
    expectation over its worlds, and only where they are few: the tie's view, with more worlds than
    that, goes to the seat analysis."""
    from foolsolve.solver.open_hand import CHANCE_ONLY_VIEW_WORLDS, chance_only_view
    from foolsolve.worlds import read_view, worlds_of_view

    info = games.get("three-fools")
    view = read_view(json.loads(open(_tie_view(tmp_path, 1), encoding="utf-8").read()))
    assert chance_only_view(info, view) is not None
    monkeypatch.setattr(type(SPEC), "chance_is_public", lambda self, state: False)
    assert worlds_of_view(view).count() > CHANCE_ONLY_VIEW_WORLDS and chance_only_view(info, view) is None


def test_the_expectation_over_a_views_worlds_weighs_each_by_its_likelihood(tmp_path, monkeypatch):
    """Two worlds of weights 1 and 3, the second one's Roshambo played by a table that favours one
    player: player 1's value is the weighted mean of her two worlds' expectations."""
    from dataclasses import replace

    from foolsolve.solver.open_hand import chance_only_view
    from foolsolve.worlds import Worlds, read_view

    info = games.get("three-fools")
    view = read_view(json.loads(open(_tie_view(tmp_path, 1), encoding="utf-8").read()))
    first = Worlds(view).first()
    table = (("1/3", "1/3", "1/3"), ("1/2", "1/4", "1/4"), ("1/4", "1/2", "1/4"))  # rock, paper, scissors a seat
    other = replace(first, rules=replace(first.rules, roshambo=table))
    assert chance_payoffs(info, other)[1] != chance_payoffs(info, first)[1]
    monkeypatch.setattr(type(SPEC), "chance_is_public", lambda self, state: False)
    monkeypatch.setattr(Worlds, "count", lambda self: 2)
    monkeypatch.setattr(Worlds, "enumerate_weighted", lambda self: iter([(first, 1), (other, 3)]))
    _, result = chance_only_view(info, view)
    p1 = (chance_payoffs(info, first)[1] + 3 * chance_payoffs(info, other)[1]) / 4
    assert Fraction(result.value) == p1 and result.player == 1 and "every world of the view, 2 weighted" in result.method


def test_a_batch_view_line_of_a_tie_left_to_roshambo_is_the_exact_expectation(tmp_path):
    from foolsolve.solver.open_hand import CHANCE_ONLY_PUBLIC_METHOD

    view = _tie_view(tmp_path, 2)
    lines = tmp_path / "views.jsonl"
    lines.write_text(view + "\n", encoding="utf-8")
    code, out, err = call_main(["batch", str(lines), "--samples", "20"])
    assert code == 0, err
    record = json.loads(out.splitlines()[0])
    assert "seat" not in record and record["result"]["method"] == CHANCE_ONLY_PUBLIC_METHOD, record
    assert record["result"]["value"] == "1/2" and record["result"]["player"] == 2, record
    assert any(n.startswith("not applied: --samples") for n in record["result"]["notes"]), record
