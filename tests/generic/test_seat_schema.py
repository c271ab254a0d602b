"""Answers from one seat for programs: ``--json`` of the seat analysis follows
foolsolve/schemas/seat.schema.json (a solve result follows result.schema.json, and the two are told
apart by ``player``/``worlds`` against ``value_kind``), for every game's bundled view, every method,
a full position answered from a seat and batch records; ``--max-nodes`` is each world's budget as
given, the exact expectation's too; and seat options a method does not read are an error (the
method named) or a note (``auto``), never dropped silently (docs/seat.md)."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from foolsolve import seat
from foolsolve.positions import load_schema
from tests.generic.test_cli import assert_one_line_error, run

EXAMPLES = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"
VIEWS = sorted(p.name for p in (EXAMPLES / "views").glob("*.json"))

# a hand-written two-player Durak view (player 1 defending) with 30 consistent worlds: ``auto`` takes
# the exact expectation, whose budget is shared (100 worlds' worth among 30: three times a world's)
SMALL_VIEW = {"game": "durak", "view": 1, "rules": {"variant": "podkidnoy"}, "trump": "H",
              "hands": [{"count": 5, "known": ["KS"]}, ["6H", "JC", "QC", "10D", "AS", "7S"]],
              "stock": {"count": 3, "bottom": ["9H"]},
              "discard": ["7C", "9C", "10C", "KC", "AC", "6D", "7D", "8D", "JD", "KD", "AD", "8H", "10H", "JH", "QH",
                          "KH", "6S", "8S", "9S", "10S", "QS"],
              "attacker": 0, "defender": 1, "table": [["8C", None]], "to_move": 1, "known": [["KS"], []]}


def _seat_validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(load_schema("seat.schema.json"))


def _result_validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(load_schema("result.schema.json"))


def assert_seat_answer(obj: dict) -> None:
    """``obj`` follows the seat schema, not the result schema, and carries the fields that tell it apart."""
    _seat_validator().validate(obj)
    assert not _result_validator().is_valid(obj)
    assert {"player", "worlds"} <= set(obj) and "value_kind" not in obj


def _small_view(tmp_path: Path) -> str:
    path = tmp_path / "small.json"
    path.write_text(json.dumps(SMALL_VIEW))
    return str(path)


def _answer(argv: list[str], capsys) -> dict:
    code, out, err = run(argv, capsys)
    assert code == 0, err
    return json.loads(out)


def test_the_seat_schema_is_a_valid_schema_with_every_field_described():
    schema = load_schema("seat.schema.json")  # checks it against its draft
    assert schema["additionalProperties"] is False
    assert set(schema["required"]) == set(schema["properties"])
    for name, prop in schema["properties"].items():
        if name != "game":
            assert prop.get("description"), name
    for name, prop in schema["$defs"]["move"]["properties"].items():
        assert prop.get("description") or "$ref" in prop, name


def test_a_seat_answers_fields_come_in_the_order_the_docs_list_them(capsys):
    """``--json``'s seat answer writes its fields in the order docs/seat.md lists them ("The seat
    answer is ``{"game", "player", ...}``"), ``game`` first as in every answer."""
    import re

    text = (EXAMPLES.parents[1] / "docs" / "seat.md").read_text(encoding="utf-8")
    listed = " ".join(text.split("The seat answer is `", 1)[1].split("`", 1)[0].split())[1:-1]
    while re.search(r"[{\[][^{}\[\]]*[}\]]", listed):  # the nested objects and lists: out
        listed = re.sub(r"[{\[][^{}\[\]]*[}\]]", "", listed)
    obj = _answer([str(EXAMPLES / "views" / "durak-three-players.json"), "--json", "--method", "pimc", "--samples", "2",
                   "--time", "0"], capsys)
    assert list(obj) == re.findall(r'"(\w+)"', listed)
    assert next(iter(obj)) == "game"


@pytest.mark.parametrize("name", VIEWS)
@pytest.mark.parametrize("method", ["pimc", "ismcts"])
def test_every_bundled_views_answer_follows_the_seat_schema(name, method, capsys):
    samples = "2" if method == "pimc" else "20"
    obj = _answer([str(EXAMPLES / "views" / name), "--json", "--method", method, "--samples", samples,
                   "--time", "0"], capsys)
    assert obj["method"] == method
    assert_seat_answer(obj)


@pytest.mark.parametrize("args", [["--method", "exact"], []])
def test_the_exact_expectation_follows_the_seat_schema(tmp_path, capsys, args):
    obj = _answer([_small_view(tmp_path), "--json", "--max-nodes", "300", "--time", "0", *args], capsys)
    # every world valued, some by the depth-limited search: not "exact" (docs/seat.md)
    assert obj["method"] == "expectation" and obj["consistent_worlds"] == obj["worlds"] == 30
    assert_seat_answer(obj)
    # the bundled Foolery view (one consistent world): the only bundled view the exact expectation takes
    obj = _answer([str(EXAMPLES / "views" / "foolery.json"), "--json", "--method", "exact", "--time", "0"], capsys)
    assert obj["method"] == "exact" and obj["worlds"] == 1
    assert_seat_answer(obj)


@pytest.mark.parametrize("args", [["--as", "1", "--method", "exact", "--max-nodes", "300"],
                                  ["--as", "1", "--method", "pimc", "--samples", "2", "--max-nodes", "300"],
                                  ["--as", "0", "--method", "ismcts", "--samples", "20"]])
def test_a_full_position_answered_from_a_seat_follows_the_seat_schema(capsys, args):
    assert_seat_answer(_answer([str(EXAMPLES / "durak-endgame.json"), "--json", "--time", "0", *args], capsys))


def test_a_full_position_the_exact_solver_refuses_is_a_seat_answer(capsys):
    # three Durak players: the exact solver refuses, the mover's seat answers (its first note says why)
    obj = _answer([str(EXAMPLES / "durak-midbout.json"), "--json", "--time", "0"], capsys)
    assert_seat_answer(obj)
    assert obj["notes"][0].startswith("the exact solver does not take this position")
    # a seat method asked for: answered from the seat at once
    assert_seat_answer(_answer([str(EXAMPLES / "durak-midbout.json"), "--json", "--method", "pimc", "--samples", "2",
                                "--max-nodes", "300", "--time", "0"], capsys))


def test_the_games_own_solver_from_a_seat_answers_in_the_result_schema(capsys):
    """Three Fools' round odds answer its bundled view: a solve result, not a seat answer (docs/results.md)."""
    view = str(EXAMPLES / "views" / "three-fools.json")
    obj = _answer([view, "--json"], capsys)
    _result_validator().validate(obj)
    assert "value_kind" in obj and "player" not in obj and not _seat_validator().is_valid(obj)


def test_batch_records_carry_seat_answers_in_the_seat_schema(tmp_path, capsys):
    lines = [_small_view(tmp_path), str(EXAMPLES / "views" / "durak-fresh-deal.json"),
             str(EXAMPLES / "views" / "three-fools.json"), str(EXAMPLES / "durak-endgame.json")]
    (tmp_path / "in.jsonl").write_text("\n".join(lines) + "\n")
    code, out, err = run(["batch", str(tmp_path / "in.jsonl"), "--no-store", "--samples", "2"], capsys)
    assert code == 0, err
    records = [json.loads(line) for line in out.splitlines()]
    # --samples asks for the seat analysis of the Three Fools view too (docs/batches.md)
    assert [("seat" in r, "result" in r) for r in records] == [(True, False)] * 3 + [(False, True)]
    for rec in records[:3]:
        assert_seat_answer(rec["seat"])
    _result_validator().validate(records[3]["result"])
    # without it the game's own solver answers the Three Fools view: a solve result
    (tmp_path / "in.jsonl").write_text(lines[2] + "\n")
    code, out, err = run(["batch", str(tmp_path / "in.jsonl"), "--no-store"], capsys)
    assert code == 0, err
    _result_validator().validate(json.loads(out)["result"])
    # solve A B --json prints the same records
    code, out, err = run(["solve", "--json", "--no-store", lines[0], lines[3]], capsys)
    assert code == 0, err
    first, second = (json.loads(line) for line in out.splitlines())
    assert_seat_answer(first["seat"])
    _result_validator().validate(second["result"])


# --- --max-nodes: each world's budget, as given ------------------------------------------------


def _budgets(monkeypatch) -> list[int]:
    """The node budgets the worlds are valued with (in this process: one worker)."""
    seen: list[int] = []
    real = seat.evaluate_world

    def record(info, world, player, budget, *args, **kwargs):
        seen.append(budget.nodes)
        return real(info, world, player, budget, *args, **kwargs)

    monkeypatch.setattr(seat, "evaluate_world", record)
    return seen


@pytest.mark.parametrize("args", [["--method", "exact"], []])
def test_max_nodes_is_each_worlds_budget_in_the_exact_expectation(tmp_path, capsys, monkeypatch, args):
    """``--max-nodes 2000`` over 30 worlds gave each 6,000 (the default budget's share of 100 worlds'
    worth), the method line saying so, while docs/seat.md and --help say a given budget is each
    world's, fixed; now each world gets 2,000 and the line says 2,000."""
    seen = _budgets(monkeypatch)
    obj = _answer([_small_view(tmp_path), "--json", "--max-nodes", "2000", "--time", "0", *args], capsys)
    assert obj["method"] == "expectation" and len(seen) == 30
    assert set(seen) == {2000}
    # (the exact solver tries these worlds, 15 cards with three in the stock, and the search has the budget given)
    assert "the depth-limited search 2,000 nodes;" in obj["method_text"] and "6,000" not in obj["method_text"]


def test_without_max_nodes_the_exact_expectation_shares_pimcs_budget(tmp_path, capsys, monkeypatch):
    seen = _budgets(monkeypatch)
    obj = _answer([_small_view(tmp_path), "--json", "--time", "0"], capsys)
    assert obj["method"] == "expectation"
    assert min(seen) == seat.WORLD_NODES * (seat.DEFAULT_SAMPLES // 30)  # deeper rounds only raise it


# --- seat options a method does not read -------------------------------------------------------


@pytest.mark.parametrize(("args", "needle"), [
    (["--method", "exact", "--samples", "10"], "--samples"),
    (["--method", "ismcts", "--samples", "20", "--max-nodes", "500"], "--max-nodes"),
    (["--method", "ismcts", "--samples", "20", "--max-memory", "64"], "--max-memory"),
    (["--method", "ismcts", "--samples", "20", "--workers", "2"], "--workers"),
])
@pytest.mark.parametrize("json_out", [False, True])
def test_a_seat_option_the_named_method_does_not_read_is_a_one_line_error(tmp_path, capsys, args, needle, json_out):
    code, out, err = run([_small_view(tmp_path), *args, *(["--json"] if json_out else [])], capsys)
    assert out == ""
    assert_one_line_error(code, err, needle)
    # --as P on a full position, and report, say the same
    code, _, err = run([str(EXAMPLES / "durak-endgame.json"), "--as", "1", *args], capsys)
    assert_one_line_error(code, err, needle)
    if "--workers" not in args:
        code, _, err = run(["report", _small_view(tmp_path), "--out", str(tmp_path / "r.html"), *args], capsys)
        assert_one_line_error(code, err, needle)
        assert not (tmp_path / "r.html").exists()


@pytest.mark.parametrize("option", [["--samples", "10"]])
def test_batch_refuses_the_exact_expectation_with_sampling_options_before_any_line(tmp_path, capsys, option):
    # (--seed it takes: it orders the worlds the exact expectation values, its sample where cut short)
    (tmp_path / "in.jsonl").write_text(_small_view(tmp_path) + "\n")
    code, out, err = run(["batch", str(tmp_path / "in.jsonl"), "--no-store", "--method", "exact", *option], capsys)
    assert out == ""
    assert_one_line_error(code, err, option[0])


def test_auto_names_the_sampling_options_the_exact_expectation_does_not_apply(tmp_path, capsys):
    obj = _answer([_small_view(tmp_path), "--json", "--samples", "10", "--seed", "3", "--max-nodes", "300",
                   "--time", "0"], capsys)
    assert obj["method"] == "expectation"
    assert [n for n in obj["notes"] if n.startswith("not applied: ")] == [
        "not applied: --samples, --seed (the exact expectation values every one of the 30 consistent worlds once "
        "and samples none; --method pimc samples)"]
    assert obj["seed"] is None  # not applied: no seed is claimed beside the note
    # a batch's view line says the same
    (tmp_path / "in.jsonl").write_text(_small_view(tmp_path) + "\n")
    code, out, err = run(["batch", str(tmp_path / "in.jsonl"), "--no-store", "--samples", "10", "--max-nodes", "300"],
                         capsys)
    assert code == 0, err
    assert any(n.startswith("not applied: --samples (") for n in json.loads(out)["seat"]["notes"])


@pytest.mark.parametrize("args", [["--method", "pimc", "--samples", "2", "--seed", "3", "--max-nodes", "300",
                                   "--max-memory", "64"],
                                  ["--method", "ismcts", "--samples", "20", "--seed", "3"],
                                  ["--method", "exact", "--max-nodes", "300", "--max-memory", "64"]])
def test_options_a_method_reads_get_no_note(tmp_path, capsys, args):
    obj = _answer([_small_view(tmp_path), "--json", "--time", "0", *args], capsys)
    assert obj["method"] == {"exact": "expectation"}.get(args[1], args[1])  # (exact: some world an estimate)
    assert not any(n.startswith("not applied") for n in obj["notes"])


@pytest.mark.parametrize("name", ["durak-fresh-deal.json", "three-fools.json", "foolery.json"])
def test_the_answer_a_views_report_page_embeds_follows_its_schema(name, tmp_path, capsys):
    """The page's embedded JSON is the answer ``--json`` gives, with ``"view"`` added: a seat answer
    (the seat schema) or the game's exact solver's from the seat (the result schema)."""
    page = tmp_path / "page.html"
    code, _, err = run(["report", str(EXAMPLES / "views" / name), "--out", str(page), "--no-store", "--time", "5"],
                       capsys)
    assert code == 0, err
    html = page.read_text(encoding="utf-8")
    embedded = json.loads(html.split('id="solve-result">')[1].split("</script>")[0].replace("<\\/", "</"))
    player = embedded.pop("view")
    assert player == json.loads((EXAMPLES / "views" / name).read_text())["view"]
    if "value_kind" in embedded:
        _result_validator().validate(embedded)
    else:
        assert_seat_answer(embedded)
        assert embedded["player"] == player


# --- IS-MCTS lists every legal move -----------------------------------------------------------


def test_ismcts_lists_every_legal_move_the_untried_without_a_mean(tmp_path, capsys):
    """Five iterations cannot try the eight opening moves of the fresh Durak deal: every legal move
    is listed all the same, in the spec's order (the schema says so; a user trial found 5 of 8), a
    move no iteration tried with 0 visits and a null mean, never best: in ``--json``, the text table,
    a batch record read back and the report page."""
    from foolsolve import worlds
    from foolsolve.batch import seat_answer_from_json
    from foolsolve.cli import format_seat

    path = EXAMPLES / "views" / "durak-fresh-deal.json"
    view = worlds.read_view(json.loads(path.read_text()))
    info = view.info
    legal = [str(m) for m in info.spec.legal_moves(worlds.worlds_of_view(view).sample(__import__("random").Random(0)))]
    obj = _answer([str(path), "--method", "ismcts", "--samples", "5", "--json"], capsys)
    assert_seat_answer(obj)
    assert [m["move"] for m in obj["moves"]] == legal and len(legal) == 8
    untried = [m for m in obj["moves"] if m["worlds"] == 0]
    assert len(untried) == 3 and sum(m["worlds"] for m in obj["moves"]) == 5
    assert all(m["mean"] is None and m["move"] not in obj["best"] for m in untried)
    assert all(isinstance(m["mean"], float) for m in obj["moves"] if m["worlds"])
    assert any("3 moves of the 8 no iteration tried" in n for n in obj["notes"])
    text = format_seat(info, seat_answer_from_json(obj)).splitlines()
    rows = [line for line in text if line.startswith("  attack")]
    assert len(rows) == 8
    for m in untried:
        assert any(r.split() == [*m["move"].split(), "-", "0"] for r in rows), (m, rows)
    code, out, err = run([str(path), "--method", "ismcts", "--samples", "5"], capsys)
    assert code == 0 and out.splitlines()[:-1] == text[:-1], err  # (but the time taken)
    # a time too short for more than one iteration: still every move
    one = _answer([str(path), "--method", "ismcts", "--time", "0.001", "--json"], capsys)
    assert [m["move"] for m in one["moves"]] == legal and one["best"] and all(
        m["worlds"] > 0 for m in one["moves"] if m["move"] in one["best"])
    page = tmp_path / "page.html"
    code, _, err = run(["report", str(path), "--method", "ismcts", "--samples", "5", "--out", str(page)], capsys)
    assert code == 0, err
    html = page.read_text(encoding="utf-8")
    assert html.count('data-worlds="0"') == 3 and html.count(">not tried<") == 3
    assert "not tried: 3 moves no iteration tried" in html
