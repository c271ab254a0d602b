"""``foolsolve report``: one self-contained HTML page, read as a parser reads it and in a real
headless browser (Debian's chromium driven by Playwright)."""

from __future__ import annotations

import json
import os
import re
import shutil
import xml.etree.ElementTree as ET
from html import escape, unescape
from html.parser import HTMLParser
from pathlib import Path

import pytest

from foolsolve import games
from foolsolve.present import steps, transcript
from foolsolve.rules import scoring_caveat
from foolsolve.solver.base import value_rank, value_text
from tests.generic.test_cli import run

EXAMPLES = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"
CHROMIUM = os.environ.get("FOOLSOLVE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
NS = "{http://www.w3.org/2000/svg}"


class Links(HTMLParser):
    """Every URL the page would load (src, href) and every inline script."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.scripts = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for key, value in attrs:
            if key in ("src", "href") and value:
                self.urls.append(value)
        if tag == "script":
            self.scripts += 1


def report(tmp_path: Path, capsys, example: str, *args: str) -> tuple[Path, dict]:
    out = tmp_path / "analysis.html"
    code, text, _ = run(["report", str(EXAMPLES / example), "--out", str(out), *args], capsys)
    assert code == 0 and text.strip() == f"wrote {out}"
    code, solved, _ = run([str(EXAMPLES / example), "--json", *args], capsys)
    return out, json.loads(solved) if code == 0 else {}


def test_the_page_is_self_contained_and_carries_the_solvers_result(tmp_path, capsys):
    out, solved = report(tmp_path, capsys, "durak-endgame.json")
    html = out.read_text()
    links = Links()
    links.feed(html)
    assert links.urls == [] and links.scripts == 2  # nothing fetched; the result's JSON and the script
    embedded = json.loads(html.split('id="solve-result">')[1].split("</script>")[0])
    for key in ("value", "moves", "best", "pv", "to_move"):
        assert embedded[key] == solved[key]
    # one picture for the start and one after every move of the PV
    svgs = html.count('<svg xmlns="http://www.w3.org/2000/svg"')
    assert svgs == 1 + len(solved["pv"])
    # every rule option with its source
    assert html.count('data-option="') == len(games.get("durak").spec.rules_cls.__dataclass_fields__)


def test_a_position_the_solver_does_not_take_is_answered_from_the_movers_seat_as_solve_does(tmp_path, capsys):
    # three players: the other hands are hidden (no time limit: no deeper round cut short on a loaded machine)
    out, solved = report(tmp_path, capsys, "durak-midbout.json", "--time", "0")
    html = out.read_text()
    embedded = json.loads(html.split('id="solve-result">')[1].split("</script>")[0])
    assert embedded["player"] == solved["player"] == solved["to_move"] and embedded["moves"] == solved["moves"]
    assert "two players" in embedded["notes"][0] and "two players" in html
    assert html.count('<svg xmlns="http://www.w3.org/2000/svg"') == 1
    # with --open-hand the full position is answered, as by solve: the exact solver does not take it
    # (the page says why), the open-hand search answers, and the exact solver's option does not apply to it
    # (a solver option alone does not switch to it: tests/generic/test_seat_cli.py)
    code, _, err = run(["report", str(EXAMPLES / "durak-midbout.json"), "--out", str(out), "--time", "2",
                        "--open-hand", "-o", "pv=false"], capsys)
    html = out.read_text()
    assert code == 0 and "two players" in html and "not applied to this open-hand answer" in html, err


def test_a_node_budget_that_runs_out_still_gives_a_page_saying_so(tmp_path, capsys):
    """Neither the exact solver (half of --max-nodes) nor the open-hand search (the rest) answers
    within 5 nodes: the page has no values and says why (solve says it as an error)."""
    out = tmp_path / "a.html"
    code, _, _ = run(["report", str(EXAMPLES / "fools-paradise-endgame.json"), "--out", str(out), "--max-nodes", "5"],
                     capsys)
    html = out.read_text()
    assert code == 0 and "No exact values" in html and "did not finish within 2 nodes (--max-nodes 5)" in html
    # the position file is shown and reads back as the position
    import html as html_lib

    shown = html_lib.unescape(html.split('<pre id="position">')[1].split("</pre>")[0])
    spec = games.get("fools-paradise").spec
    assert json.loads(shown) == spec.state_to_json(
        spec.state_from_json(json.loads((EXAMPLES / "fools-paradise-endgame.json").read_text())))


def test_the_exact_page_is_bounded_by_solves_default_time_unless_time_is_given(tmp_path, capsys, monkeypatch):
    """A full position's page answers as ``foolsolve POSITION.json`` does, in the same time: the
    one dispatch point (``open_hand.solve_or_answer``) gets solve's default --time (the page once
    ran the exact solver with no limit at all), --time S, and --time 0 no limit, with --max-nodes
    and --max-memory. A stand-in records what it is given and answers nothing: report's page says
    why it has no values (exit 0), solve says it as an error (exit 2)."""
    from foolsolve.errors import InputError
    from foolsolve.solver import open_hand
    from foolsolve.solver.base import DEFAULT_SECONDS

    given: list[tuple[float | None, int | None, int | None]] = []

    def stand_in(info, state, extra, store, max_nodes, seconds, tick, refuse=None, max_memory=None, started=None):
        given.append((seconds, max_nodes, max_memory))
        raise InputError("stand-in: no answer")

    monkeypatch.setattr(open_hand, "solve_or_answer", stand_in)
    out = tmp_path / "exact.html"
    position = str(EXAMPLES / "durak-endgame.json")
    for args, seconds, nodes, memory in (([], DEFAULT_SECONDS, None, None), (["--time", "0.5"], 0.5, None, None),
                                         (["--time", "0"], None, None, None),
                                         (["--max-nodes", "700", "--max-memory", "64"], DEFAULT_SECONDS, 700, 64)):
        for command, code_wanted in ((["report", position, "--out", str(out)], 0), ([position], 2)):
            given.clear()
            code, _, err = run([*command, *args], capsys)
            assert code == code_wanted and given == [(seconds, nodes, memory)], (command, args, err)
        assert "No exact values: stand-in: no answer" in out.read_text()


@pytest.mark.parametrize(("example", "nodes", "why"), [
    # (2,000 nodes, before the exact solver has proved the value: with it proved, its answer is the page's)
    ("fools-paradise-endgame.json", "4000", "the exact solver did not finish within 2,000 nodes (--max-nodes 4,000)"),
    ("durak-midbout.json", "8000", "the exact solver does not cover this position (players: the exact Durak solver "
                                   "is for two players, this position has 3)")])
def test_an_estimate_is_on_the_page_labelled_as_one_with_its_method_and_why(tmp_path, capsys, example, nodes, why):
    """Where the exact solver stops at its share of the budget (or does not cover the position),
    the page gives the open-hand estimate solve gives, saying plainly that it is an estimate, not
    exact, by which method and why (the page once had no values: the exact solver gave up)."""
    import html as html_lib

    # (three players: --open-hand asks for the open-hand answer, where --max-nodes alone is the seat's budget)
    args = [str(EXAMPLES / example), "--max-nodes", nodes, *(["--open-hand"] if example == "durak-midbout.json" else [])]
    out = tmp_path / "estimate.html"
    code, text, err = run(["report", *args, "--out", str(out)], capsys)
    assert code == 0 and text.strip() == f"wrote {out}", err
    code, solved, err = run([*args, "--json"], capsys)
    assert code == 0, err
    solved = json.loads(solved)
    page = out.read_text()
    embedded = json.loads(page.split('id="solve-result">')[1].split("</script>")[0])
    assert solved["value_kind"] == embedded["value_kind"] == "estimate"
    for key in ("value", "moves", "best", "details"):
        assert embedded[key] == solved[key], key
    method = solved["details"]["method"]
    assert method.startswith("depth-limited")
    side = html_lib.unescape(page.split('<div id="answer-kind"')[1].split("</div>")[0])
    assert 'data-kind="estimate"' in side and "An estimate, not exact." in side
    assert f"Why not the exact solver's answer: {why}." in side
    # the method on its line, as solve's Method: line says it (an exact answer's page has one too)
    line = html_lib.unescape(page.split('<p id="method" data-kind="estimate">')[1].split("</p>")[0])
    assert line == f"Method: {solved['method']}" and method in line and line.endswith("(an estimate, not exact)")
    heading = html_lib.unescape(page.split("<h2>Value for player")[1].split("</h2>")[0])
    assert heading.endswith("(an estimate, not exact)") and value_text(solved["value"]) in heading
    # every move with its estimate, as solve gives it
    rows = dict(re.findall(r'<tr class="(?:best|)" data-move="([^"]*)" data-value="([^"]*)"', page))
    assert {unescape(m): json.loads(unescape(v)) for m, v in rows.items()} == {
        m["move"]: m["value"] for m in solved["moves"]}


def test_a_stopped_solves_page_shows_the_moves_it_did_not_finish(tmp_path):
    """An exact solve stopped at its limit having proved the value and a best move is the answer
    (``stopped_answer``): the page lists the moves it valued and, apart, those it did not finish
    with the bounds it proved, and says the solver stopped (the page once dropped those moves)."""
    from foolsolve.report import page
    from foolsolve.solver.base import MoveBound, SolveOptions, stopped_answer

    info = games.get("durak")
    state = info.spec.state_from_json(json.loads((EXAMPLES / "durak-endgame.json").read_text()))
    result = info.solve(state, SolveOptions())
    dropped = result.moves.pop()
    result.best = [b for b in result.best if b != dropped.move]
    assert result.best
    result.unfinished = [MoveBound(dropped.move, "loss", "win")]
    html = page(info, state, stopped_answer(result, "stopped at 100 nodes (--max-nodes 200)"))
    row = html.split(f'data-move="{dropped.move}"')[1].split("</tr>")[0]
    assert "? (loss to win, not finished)" in row and '<tbody class="unfinished">' in html
    side = unescape(html.split('<div id="answer-kind"')[1].split("</div>")[0])
    assert 'data-kind="stopped"' in side and "The exact solver stopped (its limit, or Ctrl-C)." in side
    assert f"valued {len(result.moves)} of {len(result.moves) + 1} moves" in side
    assert "stopped at 100 nodes (--max-nodes 200)" in side


def test_ctrl_c_writes_a_page_of_what_the_exact_solver_proved(tmp_path, capsys, monkeypatch):
    """Ctrl-C during a full position's solve: as solve prints what the exact solver had proved,
    report writes it as the page (exit 130, a line on stderr); the page once was lost. Where
    nothing answers yet, no page is written."""
    from foolsolve.solver import open_hand
    from foolsolve.solver.base import Interrupted, MoveBound, SolveOptions

    info = games.get("durak")
    position = EXAMPLES / "durak-endgame.json"
    state = info.spec.state_from_json(json.loads(position.read_text()))
    proved = info.solve(state, SolveOptions())
    dropped = proved.moves.pop()
    proved.best = [b for b in proved.best if b != dropped.move]
    proved.unfinished = [MoveBound(dropped.move, "loss", "win")]
    nothing = info.solve(state, SolveOptions())
    nothing.moves, nothing.best, nothing.value = [], [], None
    nothing.unfinished = [MoveBound(m, "loss", "win") for m in ("a", "b")]
    for partial, page_written in ((proved, True), (nothing, False)):
        def interrupted(*args, partial=partial, **kwargs):
            raise Interrupted(partial)

        monkeypatch.setattr(open_hand, "solve_or_answer", interrupted)
        out = tmp_path / f"stopped-{page_written}.html"
        code, _, err = run(["report", str(position), "--out", str(out)], capsys)
        assert code == 130 and out.exists() == page_written, err
        if page_written:
            html = unescape(out.read_text())
            assert "interrupted (Ctrl-C): the exact solver proved the value" in html
            assert f'data-move="{dropped.move}"' in html and "? (loss to win, not finished)" in html
            assert "interrupted (the page shows what the exact solver proved)" in err


def test_report_to_standard_output(capsys):
    code, out, _ = run(["report", str(EXAMPLES / "durak-endgame.json"), "--out", "-"], capsys)
    assert code == 0 and out.startswith("<!DOCTYPE html>")


@pytest.fixture(scope="module")
def browser():
    if not (Path(CHROMIUM).exists() and shutil.which(CHROMIUM)):
        pytest.skip(f"no chromium at {CHROMIUM} (apt-get install chromium; .ci/run installs it)")
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright (the test extra) drives chromium")
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


def cards_on_screen(page) -> list[tuple[str, str | None, str]]:
    """The face-up cards of the picture the page shows now: (zone, owner, card)."""
    svg = page.locator(".step.current svg").evaluate("e => e.outerHTML")
    root = ET.fromstring(svg)
    return sorted((g.get("data-zone"), g.get("data-owner"), g.get("data-card")) for g in root.iter(NS + "g")
                  if g.get("class") == "card" and g.get("data-face") == "up")


def expected_cards(spec, state) -> list[tuple[str, str | None, str]]:
    from foolsolve.svg import position_svg

    root = ET.fromstring(position_svg(spec, state))
    return sorted((g.get("data-zone"), g.get("data-owner"), g.get("data-card")) for g in root.iter(NS + "g")
                  if g.get("class") == "card" and g.get("data-face") == "up")


@pytest.mark.parametrize("example", ["durak-endgame.json", "fools-paradise-endgame.json",
                                     "fools-and-angels-endgame.json"])
def test_in_a_browser_the_page_loads_cleanly_steps_through_the_pv_and_shows_the_solvers_values(
        browser, tmp_path, capsys, example):
    out, solved = report(tmp_path, capsys, example)
    obj = json.loads((EXAMPLES / example).read_text())
    info = games.get(obj["game"])
    spec, state = info.spec, info.spec.state_from_json(obj)
    page = browser.new_page()
    problems: list[str] = []
    page.on("console", lambda m: problems.append(f"{m.type}: {m.text}") if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: problems.append(f"pageerror: {e}"))
    page.on("request", lambda r: problems.append(f"request: {r.url}") if not r.url.startswith("file:") else None)
    page.goto(out.as_uri())
    assert page.locator("#step-label").text_content() == "start position"
    # the values shown equal the solver's --json
    rows = page.locator("#moves tr[data-move]")
    shown = [(rows.nth(i).get_attribute("data-move"), json.loads(rows.nth(i).get_attribute("data-value")),
              rows.nth(i).locator("td").nth(1).text_content()) for i in range(rows.count())]
    assert sorted((m, json.dumps(v)) for m, v, _ in shown) == sorted(
        (m["move"], json.dumps(m["value"])) for m in solved["moves"])
    by_move = {m["move"]: m for m in solved["moves"]}
    assert [t for m, _, t in shown] == [value_text(by_move[m]["value"]) + (
        f" in {by_move[m]['distance']}" if "distance" in by_move[m] else "") for m, _, _ in shown]
    # best first, ties grouped: the rank never gets better down the table, one heading a group
    kind = solved["value_kind"]
    ranks = [value_rank(kind, by_move[m]["value"], by_move[m].get("distance")) for m, _, _ in shown]
    assert ranks == sorted(ranks) and shown[0][0] in solved["best"]
    assert page.locator("#moves tbody.tie").count() == len(set(ranks))
    assert json.loads(page.locator("#value").get_attribute("data-value")) == solved["value"]
    # stepping forward redraws the board in place, beside the move list, with each next position
    walk = steps(spec, state, solved["pv"])
    assert cards_on_screen(page) == expected_cards(spec, state)
    board = page.locator(".step.current").bounding_box()
    side = page.locator("ol.pv").bounding_box()
    assert board is not None and side is not None and side["x"] > board["x"] + board["width"] - 1  # beside it
    # the list numbers the moves as the CLI's transcript does (separators are not numbered)
    cli_numbers = [int(line.split(".")[0]) for line in transcript(spec, state, solved["pv"], indent="")
                   if not line.strip().startswith("--")]
    numbers = page.locator("ol.pv li.move").evaluate_all("items => items.map(i => i.value)")
    assert numbers == cli_numbers == list(range(1, len(walk) + 1))
    for i, step in enumerate(walk[:4], start=1):
        page.click("#forward")
        assert page.locator("#step-label").text_content() == f"after move {i} of {len(walk)}"
        assert page.locator(".step.current").count() == 1
        now = page.locator(".step.current").bounding_box()
        assert now is not None and (now["x"], now["y"]) == (board["x"], board["y"])  # redrawn in place
        assert cards_on_screen(page) == expected_cards(spec, step.state)
        assert page.locator("ol.pv li.move.current").text_content() == f"{step.who()}: {step.move}"
    # the arrow keys step too
    page.keyboard.press("ArrowLeft")
    assert page.locator("#step-label").text_content() == f"after move {min(4, len(walk)) - 1} of {len(walk)}" \
        if min(4, len(walk)) > 1 else True
    page.keyboard.press("End")
    assert page.locator("#step-label").text_content() == f"after move {len(walk)} of {len(walk)}"
    if "result" in solved:
        said = solved["result"]["label"] + scoring_caveat(state.rules)  # the reconstructed scoring named
        assert page.locator("#line-result").text_content() == f"Result: {said}"
        assert page.locator("#step-value").text_content() == f"game over: {said}"
    # a move of the list, clicked, shows the position after it
    page.click("ol.pv li.move >> nth=0")
    assert cards_on_screen(page) == expected_cards(spec, walk[0].state)
    page.click(f"ol.pv li.move >> nth={min(4, len(walk)) - 1}")
    at = min(4, len(walk)) - 1
    page.click("#back")
    assert cards_on_screen(page) == expected_cards(spec, walk[at - 1].state if at else state)
    assert problems == []
    page.close()


def test_the_page_shows_whatever_else_the_solvers_result_carries(tmp_path):
    """The hook for a game's further results (Three Fools' round odds): every field of the
    result's JSON beyond the moves is shown, here a ``details`` field and a note."""
    from foolsolve.report import page
    from foolsolve.solver.base import SolveOptions

    info = games.get("durak")
    state = info.spec.state_from_json(json.loads((EXAMPLES / "durak-endgame.json").read_text()))
    result = info.solve(state, SolveOptions())
    result.details = {"round_odds": {"player 0": "1/3", "player 1": "2/3"}}
    result.notes.append("a note")
    html = page(info, state, result)
    assert '<tr data-field="details">' in html and "round_odds" in html and "2/3" in html
    # a note is text, once (it was a row of JSON here besides)
    assert '<tr data-field="notes">' not in html and '<p class="src note">Note: a note</p>' in html
    assert html.split('<script type="application/json"')[0].count("a note") == 1
    assert json.loads(html.split('id="solve-result">')[1].split("</script>")[0])["details"] == result.details


def test_the_page_shows_each_of_the_solvers_notes_once_as_text(tmp_path, capsys):
    """The distance note stood above the principal variation and again, as a JSON list, in the
    'More from the solver' table."""
    out, solved = report(tmp_path, capsys, "durak-endgame.json")
    html = out.read_text().split('<script type="application/json"')[0]
    [note] = solved["notes"]
    assert note.startswith("distance:") and html.count(escape(note)) == 1
    assert 'data-field="notes"' not in html and "More from the solver" not in html


def test_report_takes_the_solvers_options_as_solve_does(tmp_path, capsys):
    """-o as for solve: a max-n board of a three-player Foolery position, its values the solve's."""
    pos = tmp_path / "three.json"
    pos.write_text(json.dumps({"game": "foolery", "players": 3, "dealer": 0, "to_move": 1,
                               "hands": [["3C", "9H", "KS", "II"], ["4C", "8D", "XX", "3D"],
                                         ["5S", "JD", "VI", "Fool"]], "places": [None, None, None]}))
    out = tmp_path / "a.html"
    code, _, err = run(["report", str(pos), "--out", str(out), "-o", "concept=max-n"], capsys)
    assert code == 0, err
    html = out.read_text()
    embedded = json.loads(html.split('id="solve-result">')[1].split("</script>")[0])
    code, solved, _ = run([str(pos), "--json", "-o", "concept=max-n"], capsys)
    assert embedded["concept"] == "max-n" and embedded["moves"] == json.loads(solved)["moves"]
    code, _, err = run(["report", str(pos), "--out", str(out), "-o", "nonsense=1"], capsys)
    assert code == 2 and "option nonsense" in err


@pytest.mark.parametrize(("example", "option", "said"), [
    ("durak-midbout.json", "pv=maybe", "option pv: expected true or false"),  # three players: not covered
    ("durak-perevodnoy.json", "reductions=7", "reductions: expected an object"),
    ("foolery-five-players-midround.json", "pv=maybe", "option pv: expected true or false"),  # not finished
    ("foolery-five-players-midround.json", "player=7", "option player: 7 is not a player of this position"),
    ("durak-midbout.json", "player=7", "option player: 7 is not a player of this position"),  # the search's
])
def test_a_bad_option_is_an_error_and_no_page_where_the_exact_solver_would_not_answer(tmp_path, capsys, example,
                                                                                      option, said):
    """A bad -o value was written into the page ('No exact values: option pv: ...', exit 0) wherever the
    exact solver did not cover the position or did not finish: it is a one-line error, exit 2, no file,
    as for solve."""
    out = tmp_path / "a.html"
    code, _, err = run(["report", str(EXAMPLES / example), "--out", str(out), "--time", "4", "-o", option], capsys)
    assert code == 2 and said in err and len(err.strip().splitlines()) == 1, err
    assert not out.exists()


@pytest.mark.parametrize("option_error", [True, False])
def test_report_tells_an_option_error_from_a_refusal_by_its_class(tmp_path, capsys, monkeypatch, option_error):
    """report told a bad option (exit 2, no page) from the exact solver's refusal of the position (a
    page saying why it has no values) by the message starting 'option ': it goes by the class
    (errors.OptionError), so a refusal whose words start so still gets its page."""
    from foolsolve.errors import InputError, OptionError
    from foolsolve.solver import open_hand

    error = OptionError("option player: 7 is not a player") if option_error else \
        InputError("option cards hidden from the mover: this solver takes none")

    def refuse(*args, **kwargs):
        raise error

    monkeypatch.setattr(open_hand, "solve_or_answer", refuse)
    out = tmp_path / "a.html"
    code, _, err = run(["report", str(EXAMPLES / "durak-endgame.json"), "--out", str(out), "--no-store"], capsys)
    if option_error:
        assert code == 2 and err == "foolsolve: error: option player: 7 is not a player\n" and not out.exists()
    else:
        assert code == 0, err
        assert "option cards hidden from the mover: this solver takes none" in out.read_text()


# --- hidden cards: the answer from the viewer's seat -------------------------------------------------

VIEW = EXAMPLES / "views" / "durak-fresh-deal.json"


def seat_report(tmp_path: Path, capsys, args: list[str]) -> tuple[str, dict, dict]:
    """The page of ``report ARGS`` and the seat answer embedded in it, beside ``solve ARGS --json``."""
    out = tmp_path / "seat.html"
    code, text, err = run(["report", *args, "--out", str(out)], capsys)
    assert code == 0 and text.strip() == f"wrote {out}", err
    code, solved, err = run([*args, "--json"], capsys)
    assert code == 0, err
    html = out.read_text()
    return html, json.loads(html.split('id="solve-result">')[1].split("</script>")[0]), json.loads(solved)


def test_a_view_gets_every_moves_mean_and_interval_best_first_ties_grouped(tmp_path, capsys):
    from foolsolve.report import seat_groups
    from foolsolve.seat import MoveStat, SeatAnswer

    args = [str(VIEW), "--samples", "8", "--seed", "3", "--method", "pimc"]
    html, embedded, solved = seat_report(tmp_path, capsys, args)
    # the same answer as solve's, with the same options
    for key in ("moves", "best", "value", "method", "method_text", "worlds", "worlds_exact", "seed", "player"):
        assert embedded[key] == solved[key], key
    assert embedded["method"] == "pimc" and embedded["worlds"] == 8 and embedded["seed"] == 3
    # every move once, its mean and interval as solve gives them, best first; one heading per mean
    rows = re.findall(r'<tr class="(best|)" data-move="([^"]*)" data-mean="([^"]*)" data-low="([^"]*)" '
                      r'data-high="([^"]*)" data-worlds="(\d+)"(?: data-behind="([^"]*)" data-behind-low="([^"]*)" '
                      r'data-behind-high="([^"]*)")?>', html)
    by_move = {m["move"]: m for m in solved["moves"]}
    assert sorted(unescape(r[1]) for r in rows) == sorted(by_move)
    for best, move, mean, low, high, worlds, *behind in rows:
        m = by_move[unescape(move)]
        assert (round(float(mean), 6), round(float(low), 6), round(float(high), 6), int(worlds)) == (
            m["mean"], m["low"], m["high"], m["worlds"])
        assert (best == "best") == (unescape(move) in solved["best"])
        # how far behind the best, paired by world: as solve gives it, for every move but the best
        b = m["behind_best"]
        assert (b is None) == (best == "best") == (behind == ["", "", ""])
        assert b is None or [round(float(x), 6) for x in behind] == [b["mean"], b["low"], b["high"]]
    means = [round(float(r[2]), 9) for r in rows]
    assert means == sorted(means, reverse=True) and unescape(rows[0][1]) in solved["best"]
    assert html.count('<tbody class="tie') == len(set(means))
    assert f'data-worlds="8" data-exact="{solved["worlds_exact"]}"' in html and solved["method_text"] in html
    # ties are equal means (not overlapping intervals), in the answer's own order within a group
    stat = lambda move, mean, low, high: MoveStat(move, mean, low, high, 10)  # noqa: E731
    answer = SeatAnswer("durak", 0, 0, "pimc", "PIMC", "", [stat("a", 0.1, -0.2, 0.4), stat("b", 0.3, 0.0, 0.6),
                        stat("c", 0.1, -0.1, 0.3), stat("d", 0.25, 0.0, 0.5)], ["b"], 10, 0, None, 0, 1.0)
    assert [[m.move for m in g] for g in seat_groups(answer)] == [["b"], ["d"], ["a", "c"]]


def test_report_as_a_seat_on_a_full_position_and_its_option_errors(tmp_path, capsys):
    html, embedded, solved = seat_report(tmp_path, capsys, [str(EXAMPLES / "durak-endgame.json"), "--as", "0"])
    assert embedded["method"] == solved["method"] == "exact" and embedded["moves"] == solved["moves"]
    assert "every world valued exactly" in html and ">exact<" in html  # no interval: no sampling, every world solved
    out = str(tmp_path / "x.html")
    code, _, err = run(["report", str(EXAMPLES / "durak-endgame.json"), "--out", out, "--as", "5"], capsys)
    assert code == 2 and "--as: player 5 does not exist" in err and "Traceback" not in err
    # a seat option alone asks for the seat of the player to move, as for solve, where a card hidden from
    # her matters (three Durak players); where none does, the full position's answer, with a note, as solve's
    midbout = str(EXAMPLES / "durak-midbout.json")
    html, embedded, solved = seat_report(tmp_path, capsys, [midbout, "--seed", "2", "--max-nodes", "300"])
    assert embedded["player"] == solved["player"] == solved["to_move"] and embedded["moves"] == solved["moves"]
    code, _, err = run(["report", str(EXAMPLES / "durak-endgame.json"), "--out", out, "--seed", "2", "--no-store"],
                       capsys)
    assert code == 0, err
    page = (tmp_path / "x.html").read_text()
    assert "not applied: --seed" in page and "every world valued exactly" not in page
    code, _, err = run(["report", str(VIEW), "--out", out, "--as", "1"], capsys)
    assert code == 2 and "this is player 0's view" in err


def test_a_seat_page_has_solves_default_time_unless_time_is_given(tmp_path, capsys, monkeypatch):
    """A page from one seat (a view, a full position the exact solver refuses) is bounded in time as
    ``foolsolve POSITION.json`` is: solve's default --time (it once had no limit at all), --time S,
    and --time 0 no limit. A stand-in for the analysis records the time it is given and stops
    there (exit 2, no page left behind), for report and solve alike."""
    from foolsolve import seat
    from foolsolve.errors import InputError
    from foolsolve.solver.base import DEFAULT_SECONDS

    given: list[float | None] = []

    def stand_in(info, worlds, settings, *args, **kwargs):
        given.append(settings.seconds)
        raise InputError("stand-in: no analysis")

    monkeypatch.setattr(seat, "analyse", stand_in)
    out = tmp_path / "seat.html"
    for position in (VIEW, EXAMPLES / "durak-midbout.json"):  # the latter: three players, refused
        for time_args, seconds in (([], DEFAULT_SECONDS), (["--time", "0.5"], 0.5), (["--time", "0"], None)):
            for command in (["report", str(position), "--out", str(out)], [str(position)]):
                given.clear()
                code, _, err = run([*command, *time_args], capsys)
                assert code == 2 and "stand-in" in err, err
                assert given == [seconds], (command, time_args)
    assert not out.exists()


def test_in_a_browser_a_views_page_shows_the_intervals_beside_the_view(browser, tmp_path, capsys):
    from foolsolve.present import signed

    _, embedded, _ = seat_report(tmp_path, capsys, [str(VIEW), "--samples", "8", "--seed", "3"])
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    problems: list[str] = []
    page.on("console", lambda m: problems.append(f"{m.type}: {m.text}") if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: problems.append(f"pageerror: {e}"))
    page.goto((tmp_path / "seat.html").as_uri())
    rows = page.locator("#moves tr[data-move]")
    shown = [rows.nth(i).locator("td").all_text_contents() for i in range(rows.count())]
    by_move = {m["move"]: m for m in embedded["moves"]}
    assert len(shown) == len(by_move)
    for move, mean, interval, worlds, behind in shown:
        m = by_move[move]
        assert (mean, interval, worlds) == (signed(m["mean"]), f"[{signed(m['low'])}, {signed(m['high'])}]", "8")
        b = m["behind_best"]
        assert behind == ("" if b is None else f"{signed(b['mean'])} [{signed(b['low'])}, {signed(b['high'])}]")
    assert [float(r[1]) for r in shown] == sorted((float(r[1]) for r in shown), reverse=True)
    assert page.locator("#moves tbody.tie").count() == len({r[1] for r in shown})
    assert page.locator("#moves tbody.tie.best tr.best").count() == len(embedded["best"])
    assert page.locator("#method").text_content().startswith("Method: PIMC")
    assert page.locator("#seat-worlds").text_content().startswith("8 worlds, ")
    # the view is drawn beside the moves, hidden cards face down
    board = page.locator(".step.current").bounding_box()
    side = page.locator("#moves").bounding_box()
    assert board is not None and side is not None and side["x"] > board["x"] + board["width"] - 1
    assert page.locator(".step.current svg g.card[data-face='down']").count() == 6 + 23
    page.keyboard.press("ArrowRight")  # one picture: stepping keeps it
    assert page.locator("#step-label").text_content() == "start position"
    assert problems == []
    page.close()


def test_in_a_browser_the_page_fits_common_screens(browser, tmp_path, capsys):
    """The moves table was clipped on common screens (a seat page's 747 px wide in a 384 px panel at
    1280 px: the 95% interval cut, "worlds" and "behind the best" behind a scroll bar) and the
    picture, a fixed 838 px, made a 600 px page 857 px wide. At 600, 1280, 1440 and 1920 px nothing
    is wider than the page, the moves table fits its panel and the picture fits its column (smaller
    where it must be); the panel sits beside the picture where both fit (a seat page's wide table
    from 1400 px, an exact page's narrow one from 1280), else under it, the picture at full size."""
    pages = {}
    for name, args, beside_from in (
            ("seat", [str(EXAMPLES / "views" / "fools-paradise.json"), "--samples", "4", "--seed", "1"], 1400),
            ("exact", [str(EXAMPLES / "durak-endgame.json")], 1280)):
        out = tmp_path / f"{name}.html"
        code, _, err = run(["report", *args, "--out", str(out)], capsys)
        assert code == 0, err
        pages[name] = (out, beside_from)
    for name, (out, beside_from) in pages.items():
        page = browser.new_page(viewport={"width": 600, "height": 900})
        page.goto(out.as_uri())
        for width in (600, 1280, 1440, 1920):
            page.set_viewport_size({"width": width, "height": 900})
            table, panel, whole, picture, column = page.evaluate(
                """() => { const t = document.querySelector('#moves'), s = t.closest('.board-side');
                           const v = document.querySelector('.step.current svg');
                           return [t.scrollWidth, s.clientWidth, document.documentElement.scrollWidth,
                                   v.getBoundingClientRect().width, v.closest('.board-picture').clientWidth]; }""")
            assert whole <= width, (name, width, whole)
            assert table <= panel, (name, width, table, panel)
            assert 0 < picture <= column + 0.5, (name, width, picture, column)
            board = page.locator(".step.current").bounding_box()
            side = page.locator("#moves").bounding_box()
            assert board is not None and side is not None
            beside = side["x"] > board["x"] + board["width"] - 1
            assert beside == (width >= beside_from), (name, width)
            if not beside:
                assert abs(picture - min(838, column)) < 1
        page.close()


def _text_order(lines: list[str], moves: list[str]) -> list[str]:
    """The moves in the order a text answer's table lists them (a row starts with its move)."""
    rows = [x.strip() for x in lines if x.startswith("  ") and not x.startswith("   ")]
    return [next(m for m in sorted(moves, key=len, reverse=True) if r.startswith(m + " ")) for r in rows
            if any(r.startswith(m + " ") for m in moves)]


def test_every_move_table_lists_the_best_first_and_the_others_by_value(tmp_path, capsys):
    """The text answer's table was not "best first" as the report page's is: the Durak endgame listed
    its best move last (``attack K♥ loss in 8 *`` after two "loss in 4"), a seat answer kept the
    search's order (-0.175, -0.625, -0.475). Every table lists the best moves (``*``) first, then the
    others by value (a seat answer: by mean; IS-MCTS: by visits, then mean), ties in the answer's
    order, the moves without a value last: the text's and the page's order are one."""
    import math

    from foolsolve.cli import seat_rows
    from foolsolve.report import seat_groups
    from foolsolve.seat import MoveStat, SeatAnswer

    code, out, err = run([str(EXAMPLES / "durak-endgame.json"), "--no-store", "--json"], capsys)
    assert code == 0, err
    result = json.loads(out)
    by_move = {m["move"]: m for m in result["moves"]}
    code, text, err = run([str(EXAMPLES / "durak-endgame.json"), "--no-store"], capsys)
    assert code == 0, err
    shown = _text_order(text.splitlines(), list(by_move))
    assert sorted(shown) == sorted(by_move)
    ranks = [value_rank(result["value_kind"], by_move[m]["value"], by_move[m].get("distance")) for m in shown]
    assert shown[0] in result["best"] and ranks == sorted(ranks) and len(set(ranks)) > 1
    page = tmp_path / "d.html"
    assert run(["report", str(EXAMPLES / "durak-endgame.json"), "--out", str(page)], capsys)[0] == 0
    assert [unescape(m) for m in re.findall(r'<tr class="[a-z]*" data-move="([^"]*)"', page.read_text())] == shown
    # a seat answer, in the search's order: the text and the page list it best first
    stat = lambda move, mean, visits=20: MoveStat(move, mean, mean - 0.1, mean + 0.1, visits)  # noqa: E731
    pimc = SeatAnswer("durak", 1, 1, "pimc", "PIMC", "", [stat("take", -0.475), stat("cover a", -0.175),
                      stat("cover b", -0.625), stat("cover c", -0.475)], ["cover a"], 20, 0, None, 0, 1.0)
    assert _text_order(seat_rows(pimc), [m.move for m in pimc.moves]) == ["cover a", "take", "cover c", "cover b"]
    assert [m.move for g in seat_groups(pimc) for m in g] == ["cover a", "take", "cover c", "cover b"]
    ismcts = SeatAnswer("durak", 1, 1, "ismcts", "IS-MCTS", "", [stat("take", 0.3, 5), stat("cover a", 0.1, 40),
                        stat("cover b", math.nan, 0), stat("cover c", 0.2, 30)], ["cover a"], 75, 0, None, 0, 1.0)
    assert _text_order(seat_rows(ismcts), [m.move for m in ismcts.moves]) == ["cover a", "cover c", "take", "cover b"]
    assert [m.move for g in seat_groups(ismcts) for m in g] == ["cover a", "cover c", "take", "cover b"]
