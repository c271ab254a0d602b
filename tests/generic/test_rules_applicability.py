"""When a rule option applies (its ``applies`` and ``min_players``, read by one function): the options
set that cannot change play are named in one note by deal, show, a solve (a batch line too), conform
and arena (text and --json), and ``ambiguities`` reads the same declaration; ``arena`` states the
rules in force."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from foolsolve.rules import cannot_matter, moot_options, moot_pins, options_of, rules_from_json, rules_to_json
from foolsolve.spec import durak, fools_and_angels
from tests.generic.batch_helpers import call_main

MOOT = {"variant": "simple", "transfer_first_bout": True, "transfer_by_showing_trump": True,
        "throwers": "neighbours", "transfer_lead": "bout_leader", "throw_in_after_take": False}
"""Durak rules whose every option but ``variant`` cannot matter in a two-player simple game."""
NAMES = ["throw_in_after_take", "throwers", "transfer_by_showing_trump", "transfer_first_bout", "transfer_lead"]


def _opt(cls: type, name: str) -> Any:
    return next(o for o in options_of(cls) if o.name == name)


def test_the_declaration_says_when_each_option_applies() -> None:
    rules = rules_from_json(durak.Rules, MOOT)
    assert sorted(moot_options(rules, 2)) == NAMES
    assert cannot_matter(_opt(durak.Rules, "throwers"), 2, rules) == (
        'applies with 3 or more players (here 2); applies only with variant "podkidnoy" or "perevodnoy" '
        '(here "simple")')
    # in perevodnoy at three players every one of them can matter
    assert moot_options(rules_from_json(durak.Rules, {**MOOT, "variant": "perevodnoy"}), 3) == {}
    # Fools and Angels: a variant's reconstruction matters only with its variant
    fa = rules_from_json(fools_and_angels.Rules, {"asymmetry_order": "second_player_first",
                                                  "exchange_limit": "hand_size",
                                                  "temptation_trigger": "regroup_only", "temptation": True})
    assert sorted(moot_options(fa, 2)) == ["asymmetry_order", "exchange_limit", "temptation_trigger"]
    # conform's pins: only what the pinned options settle (the variant drawn: throwers may matter)
    assert moot_pins(durak.Rules, {"throwers": "neighbours"}, [3]) == {}
    assert list(moot_pins(durak.Rules, {"throwers": "neighbours"}, [2])) == ["throwers"]
    assert list(moot_pins(durak.Rules, {"variant": "simple", "throw_in_after_take": False})) == ["throw_in_after_take"]


def _dealt(tmp_path: Any) -> tuple[str, str]:
    path = str(tmp_path / "d.json")
    code, _out, err = call_main(["deal", "durak", "--seed", "1", "--rules", json.dumps(MOOT), "--out", path])
    assert code == 0, err
    return path, err


def test_deal_and_show_name_the_options_that_cannot_matter(tmp_path: Any) -> None:
    path, err = _dealt(tmp_path)
    note = [line for line in err.splitlines() if "cannot matter" in line]
    assert len(note) == 1 and all(f"{name}=" in note[0] for name in NAMES), err
    code, out, _ = call_main(["show", path])
    notes = [line for line in out.splitlines() if line.startswith("note: rule options that cannot matter here: ")]
    assert code == 0 and len(notes) == 1 and all(f"{name}=" in notes[0] for name in NAMES), out
    code, out, _ = call_main(["show", path, "--json"])
    assert code == 0 and sorted(json.loads(out)["cannot_matter"]) == NAMES
    # the defaults: no note, no key
    code, out, _ = call_main(["deal", "durak", "--seed", "1"])
    plain = str(tmp_path / "plain.json")
    (tmp_path / "plain.json").write_text(out)
    assert "cannot matter" not in call_main(["show", plain])[1]
    assert "cannot_matter" not in json.loads(call_main(["show", plain, "--json"])[1])


def test_solve_notes_the_options_that_cannot_matter(tmp_path: Any) -> None:
    path = tmp_path / "end.json"
    path.write_text(json.dumps({"game": "durak", "rules": MOOT, "trump": "S", "hands": [["6H", "KD"], ["8D", "9D"]],
                                "stock": [], "attacker": 0, "defender": 1, "table": [["6C", None]]}))
    code, out, _ = call_main([str(path), "--no-store"])
    assert code == 0 and "\nNote: rule options that cannot matter here: throw_in_after_take=false" in out, out
    code, out, _ = call_main([str(path), "--no-store", "--json"])
    assert code == 0 and any("cannot matter here" in n for n in json.loads(out)["notes"]), out
    # a batch line notes it as a single solve does
    code, out, _ = call_main([str(path), str(path), "--no-store", "--json"])
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(lines) == 2, out
    assert all(any("cannot matter here" in n for n in r["result"]["notes"]) for r in lines), out


def test_a_batch_view_line_notes_the_options_that_cannot_matter_as_a_solve_of_the_view_does(tmp_path: Any) -> None:
    """A view answered from one seat: ``foolsolve VIEW.json`` and a batch's line of the view (answered,
    and read back from the store) carry the same note, last among the notes. (The stock's hidden card
    gives the view more than one world: a view with one world is answered as its full position.)"""
    path = tmp_path / "end.json"
    path.write_text(json.dumps({"game": "durak", "rules": MOOT, "trump": "S",
                                "hands": [["6H", "KD", "7H", "8H", "9H"], ["8D", "9D", "10D", "JD", "QD", "KH"]],
                                "stock": ["7C", "AS"], "attacker": 0, "defender": 1, "table": [["6C", None]],
                                "first_bout": False}))
    view = str(tmp_path / "v.json")
    assert call_main(["view", str(path), "--as", "1", "--out", view])[0] == 0
    code, out, err = call_main([view, "--no-store", "--json"])
    assert code == 0, err
    note = json.loads(out)["notes"][-1]
    assert note.startswith("rule options that cannot matter here: throw_in_after_take=false"), out
    lines = tmp_path / "in.jsonl"
    lines.write_text(f"{view}\n{path}\n")
    store = str(tmp_path / "s.sqlite3")
    for cached in (False, True):  # answered, then read back from the store
        code, out, err = call_main(["batch", str(lines), "--store", store])
        assert code == 0, err
        seat, full = (json.loads(line) for line in out.splitlines())
        assert seat["cached"] is cached and seat["seat"]["notes"][-1] == note, out
        assert seat["seat"]["notes"].count(note) == 1 and "seat" not in full
        assert full["result"]["notes"][-1] == note, out


@pytest.mark.parametrize("as_json", [False, True])
def test_conform_notes_a_pinned_option_that_cannot_matter(as_json: bool) -> None:
    code, out, err = call_main(["conform", "durak", "--cases", "1", "--max-steps", "5", "--rules",
                                '{"variant": "simple", "throw_in_after_take": false}', *(["--json"] if as_json else [])])
    assert code == 0, err
    if as_json:
        assert list(json.loads(out)["cannot_matter"]) == ["throw_in_after_take"]
    else:
        assert "note: rule options that cannot matter here: throw_in_after_take=false (applies only with variant" in out


def test_arena_states_the_rules_in_force_and_notes_those_that_cannot_matter() -> None:
    args = ["arena", "durak", "--bot", "random", "--bot", "greedy", "--games", "1"]
    code, out, err = call_main([*args, "--rules", json.dumps(MOOT)])
    assert code == 0, err
    lines = out.splitlines()
    assert lines[1].startswith('rules (not the default): variant="simple", throw_in_after_take=false'), out
    assert lines[2].startswith("note: rule options that cannot matter here: throw_in_after_take=false"), out
    code, out, _ = call_main(args)
    assert out.splitlines()[1] == "rules: all defaults", out
    code, out, _ = call_main([*args, "--json", "--rules", '{"variant": "simple"}'])
    shown = json.loads(out)
    assert shown["rules"]["variant"] == "simple" and shown["rules"]["deck"] == 36 and "cannot_matter" not in shown
    code, out, _ = call_main([*args, "--json", "--rules", json.dumps(MOOT)])
    assert sorted(json.loads(out)["cannot_matter"]) == NAMES


def test_ambiguities_reads_the_same_declaration() -> None:
    code, out, err = call_main(["ambiguities", "durak", "--option", "transfer_first_bout", "--rules",
                                '{"variant": "simple"}', "--deals", "1", "--json"])
    assert code == 0, err
    assert json.loads(out)["cannot_matter"].startswith(
        'option transfer_first_bout cannot matter under these rules: its rule applies only with variant "perevodnoy" '
        '(here "simple")')


def test_foolsolve_rules_says_when_each_option_applies() -> None:
    """``foolsolve rules GAME`` prints under an option when it can change play (text: a line below its
    doc; --json: the field ``applies``), from the declaration :func:`cannot_matter` reads."""
    code, out, err = call_main(["rules", "durak"])
    assert code == 0, err
    entries = dict(re.findall(r"^  (\w+) = .*\n((?:      .*\n)+)", out, re.M))
    assert '      applies only with variant "perevodnoy"\n' in entries["transfer_first_bout"]
    assert ('      applies only with variant "podkidnoy" or "perevodnoy", with 3 or more players\n'
            in entries["throwers"])
    assert "      applies only with 4 or more players\n" in entries["teams"]
    assert "applies" not in entries["variant"] and "applies" not in entries["deck"]
    code, out, err = call_main(["rules", "durak", "--json"])
    assert code == 0, err
    listed = {o["name"]: o for o in json.loads(out) if o["kind"] != "listed" and o["kind"] != "outside"}
    assert listed["throwers"]["applies"] == {
        "options": {"variant": ["podkidnoy", "perevodnoy"]}, "min_players": 3,
        "text": 'applies only with variant "podkidnoy" or "perevodnoy", with 3 or more players'}
    assert listed["variant"]["applies"] is None
    for o in options_of(durak.Rules):  # every option's text and field say what cannot_matter reads
        said = listed[o.name]["applies"]
        assert (said is None) == (not o.applies and o.min_players is None), o.name
        if said is not None:
            assert said["min_players"] == o.min_players
            assert said["options"] == {name: list(values) for name, values in o.applies}
            assert f"      {said['text']}\n" in entries[o.name]
    # the words are those of cannot_matter's reason
    transfer = _opt(durak.Rules, "transfer_first_bout")
    assert listed["transfer_first_bout"]["applies"]["text"] in cannot_matter(
        transfer, 2, rules_from_json(durak.Rules, {"variant": "simple"}))


def test_the_bout_limits_cannot_matter_in_simple_durak(tmp_path: Any) -> None:
    """``first_bout_limit`` and ``bout_limit`` apply only where attackers throw in: in simple Durak a
    bout is the lead alone, one card or several of one rank (at most four), below every limit. The
    declaration says so (``foolsolve rules durak``, the cannot-matter note of ``show``), and random
    simple games under every pair of their values have the same legal moves at each step (the spec
    played under each)."""
    import dataclasses
    import random

    simple = rules_from_json(durak.Rules, {"variant": "simple", "first_bout_limit": 6, "bout_limit": "six"})
    assert sorted(moot_options(simple, 2)) == ["bout_limit", "first_bout_limit"]
    for name in ("first_bout_limit", "bout_limit"):
        assert cannot_matter(_opt(durak.Rules, name), 2, simple) == (
            'applies only with variant "podkidnoy" or "perevodnoy" (here "simple")')
        assert cannot_matter(_opt(durak.Rules, name), 2, dataclasses.replace(simple, variant="podkidnoy")) is None
    code, out, err = call_main(["rules", "durak"])
    entries = dict(re.findall(r"^  (\w+) = .*\n((?:      .*\n)+)", out, re.M))
    assert code == 0 and all('      applies only with variant "podkidnoy" or "perevodnoy"\n' in entries[name]
                             for name in ("first_bout_limit", "bout_limit")), err
    path = tmp_path / "d.json"
    code, _, err = call_main(["deal", "durak", "--seed", "3", "--rules", json.dumps(rules_to_json(simple)),
                              "--out", str(path)])
    assert code == 0 and "cannot matter" in err and "first_bout_limit=6" in err and 'bout_limit="six"' in err, err
    # the second method: the spec's legal moves under every pair of the two options' values
    variants = [dataclasses.replace(simple, first_bout_limit=first, bout_limit=later)
                for first in (5, 6) for later in ("six_then_hand", "six")]
    spec = durak.SPEC
    rng = random.Random(7)
    for game in range(40):
        rules = dataclasses.replace(variants[0], deck=rng.choice([36, 52]))
        state = spec.deal(rules, rng.choice([2, 3, 4]), rng)
        for _ in range(400):
            if spec.is_terminal(state):
                break
            moves = spec.legal_moves(state)
            for other in variants[1:]:
                alike = dataclasses.replace(state, rules=dataclasses.replace(other, deck=rules.deck))
                assert spec.legal_moves(alike) == moves, (game, other)
            move = rng.choice(moves)
            state = spec.apply(state, move)
