"""One name per solver idea across the games: every solver takes ``pv``, ``max_nodes`` and ``time``,
"the stock order is known" is ``stock_order_known`` wherever a solver has the idea (the old name
``known_stocks`` a deprecated alias), and ``foolsolve rules GAME --solver`` lists exactly the
options the game's solver accepts."""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

from foolsolve import games
from foolsolve.errors import InputError, OptionError
from foolsolve.solver.base import COMMON_OPTIONS, SolveOptions
from tests.generic.test_cli import run

QUICK = ("durak-endgame.json", "fools-paradise-endgame.json", "fools-and-angels-endgame.json",
         "foolery-five-of-a-kind.json", "three-fools-bluff.json")
"""One quickly solved example a game."""


def _example(name: str) -> str:
    return str(resources.files("foolsolve").joinpath("examples", name))


SOLVES = {json.loads(open(_example(name)).read())["game"]: name for name in QUICK}


def test_every_game_with_a_solver_has_an_example_here():
    assert set(SOLVES) == {n for n in games.names() if games.get(n).has_solver}


@pytest.mark.parametrize("game", sorted(SOLVES))
def test_rules_solver_lists_exactly_the_options_the_solver_accepts(game, capsys):
    info = games.get(game)
    info_state = info.spec.state_from_json(json.loads(open(_example(SOLVES[game])).read()))
    assert info.solve is not None
    with pytest.raises(InputError) as exc:
        info.solve(info_state, SolveOptions(extra={"no_such_option": 1}))
    known = re.search(r"known: ([^)]*)\)", str(exc.value))
    assert known is not None and set(known.group(1).split(", ")) == set(info.solver_options)
    code, out, _ = run(["rules", game, "--solver", "--json"], capsys)
    listed = json.loads(out)
    assert code == 0 and set(listed["options"]) == set(info.solver_options)
    assert set(listed["common"]) == set(COMMON_OPTIONS) == {"max_nodes", "time", "distance"}
    code, out, _ = run(["rules", game, "--solver"], capsys)
    assert code == 0 and all(f"  {k} " in out for k in info.solver_options)


@pytest.mark.parametrize("game", sorted(SOLVES))
def test_rules_solver_lists_the_open_hand_searchs_options_too(game, capsys):
    """The options of the open-hand search (docs/open-hand.md), taken by every game where it answers,
    are listed beside the exact solver's, under its own heading."""
    from foolsolve.solver.open_hand import WORLD_OPTIONS

    code, out, _ = run(["rules", game, "--solver", "--json"], capsys)
    assert code == 0 and tuple(json.loads(out)["open_hand"]) == WORLD_OPTIONS
    code, out, _ = run(["rules", game, "--solver"], capsys)
    section = out.split("The open-hand search")[1]
    assert code == 0 and all(f"  {k} " in section for k in WORLD_OPTIONS)


@pytest.mark.parametrize(("game", "extra", "said"), [
    ("durak", {"pv": "maybe"}, "option pv"),
    ("durak", {"jit": "sometimes"}, "option jit"),
    ("durak", {"moves": False, "pv": True}, "option pv"),
    ("durak", {"reductions": 7}, "reductions"),
    ("foolery", {"goal": "last"}, "option goal"),
    ("foolery", {"concept": "nash"}, "option concept"),
    ("foolery", {"reduced": 1}, "option reduced"),
    ("fools-paradise", {"pv_limit": -1}, "option pv_limit"),
    ("fools-paradise", {"stock_order_known": "yes"}, "option stock_order_known"),
    ("fools-and-angels", {"stock_order_known": "yes"}, "option stock_order_known"),
    ("three-fools", {"lying_cost": "x"}, "option lying_cost"),
    ("three-fools", {"epsilon": -1}, "option epsilon"),
    ("three-fools", {"strategies": {"1": {"up P": {"ZZ": 1}}}}, "option strategies.1.up P: unknown card"),
    ("three-fools", {"strategies": {"1": {"up P": {"3R": "1/0"}}}}, 'option strategies.1.up P.3R: "1/0" divides'),
    ("three-fools", {"leader_strategy": {"keep; lead ZZ as P": 1}}, "option leader_strategy.keep; lead ZZ as P"),
    ("fools-and-angels", {"depth": 0}, "option depth"),
    ("fools-and-angels", {"playouts": "many"}, "option playouts"),
    ("durak", {"time": 0}, "option time"),
    ("durak", {"deph": 2}, "option deph"),
])
def test_every_option_is_checked_up_front_whatever_the_position(game, extra, said):
    """open_hand.check_options, which solve and report call before any search: a value is checked by
    the search that reads it even where the other search will answer. Each is an OptionError (report
    tells a bad option from a position the exact solver refuses by the class, not by the message),
    also where a card or a number of an option's table is read by the parsers other input shares."""
    from foolsolve.solver.open_hand import check_options

    with pytest.raises(OptionError, match=re.escape(said)):
        check_options(games.get(game), extra)
    check_options(games.get(game), {"depth": 2, "playouts": 3, "seed": 1, "concept": "max-n", "player": 1,
                                    "time": 5, **({"pv": False} if game != "three-fools" else {})})


@pytest.mark.parametrize("game", sorted(SOLVES))
def test_the_open_hand_searchs_paranoid_question_is_asked_in_options_the_solver_takes(game):
    """``GameInfo.paranoid_options`` (and the ``player`` the open-hand search adds) are options of the
    game's solver."""
    info = games.get(game)
    if info.paranoid_options is not None:
        assert {*info.paranoid_options, "player"} <= set(info.solver_options)


@pytest.mark.parametrize("game", sorted(SOLVES))
def test_pv_false_max_nodes_and_time_are_taken_by_every_solver(game, capsys):
    path = _example(SOLVES[game])
    code, out, err = run([path, "--json", "--no-store", "-o", "pv=false", "-o", "time=600",
                          "-o", "max_nodes=5000000"], capsys)
    assert code == 0, err
    assert json.loads(out)["pv"] == []
    code, _, err = run([path, "--no-store", "-o", "time=0"], capsys)
    assert code == 2 and "option time" in err


def test_the_stock_order_known_has_one_name_and_the_old_one_is_a_deprecated_alias(capsys):
    with_stocks = {n for n in games.names() if "stock_order_known" in (games.get(n).solver_options or {})}
    assert len(with_stocks) >= 2  # Fool's Paradise and Fools and Angels: the one name in both
    assert not any("known_stocks" in (games.get(n).solver_options or {}) for n in games.names())
    path = _example("fools-and-angels-temptation.json")
    code, new, err = run([path, "--json", "--no-store", "-o", "stock_order_known=true", "-o", "pv=false"], capsys)
    assert code == 0 and "deprecated" not in err
    code, old, err = run([path, "--json", "--no-store", "-o", "known_stocks=true", "-o", "pv=false"], capsys)
    assert code == 0 and "option known_stocks is deprecated; use stock_order_known" in err
    strip = ("nodes", "seconds")
    assert {k: v for k, v in json.loads(old).items() if k not in strip} == {
        k: v for k, v in json.loads(new).items() if k not in strip}


def test_a_node_budget_given_as_an_option_stops_the_search():
    from foolsolve.solver.base import SearchLimit

    info = games.get(json.loads(open(_example("fools-paradise-endgame.json")).read())["game"])
    state = info.spec.state_from_json(json.loads(open(_example("fools-paradise-endgame.json")).read()))
    assert info.solve is not None
    with pytest.raises(SearchLimit):
        info.solve(state, SolveOptions(extra={"max_nodes": 3}))
    assert SolveOptions(extra={"max_nodes": 3, "time": 5}).max_nodes == 3


def test_the_limit_a_solver_stops_at_is_named_by_the_option_that_set_it(capsys):
    """A stop at ``-o max_nodes=N`` was reported as ``--max-nodes: no exact answer within N nodes``
    (an option the user never gave; a batch line, a view the game's solver answers from the seat),
    and ``-o time`` replaced ``--time`` even where it was the longer (``batch --time 1 -o time=100``
    gave each line 100 s): both bounds hold, and the error names the one that stopped it."""
    from foolsolve.solver.base import SearchLimit, limit_text

    assert SolveOptions(time_limit=1, extra={"time": 100}).time_limit == 1
    assert SolveOptions(time_limit=100, extra={"time": 1}).time_option == "-o time=1"
    assert SolveOptions(time_limit=1, extra={"time": 100}).time_option == "--time"
    opts = SolveOptions(max_nodes=10, extra={"max_nodes": 3})
    assert limit_text(SearchLimit("nodes"), opts) == "-o max_nodes=3: no exact answer within 3 nodes"
    opts = SolveOptions(max_nodes=3, extra={"max_nodes": 10})
    assert limit_text(SearchLimit("nodes"), opts) == "--max-nodes: no exact answer within 3 nodes"
    from tests.generic.batch_helpers import call_main

    line = json.dumps(_example("three-fools-bluff.json")).encode() + b"\n"
    code, out, _ = call_main(["batch", "-", "--no-store", "-o", "max_nodes=3"], line)
    assert code == 2
    assert json.loads(out)["error"] == "-o max_nodes=3: no exact answer within 3 nodes"


def test_a_node_budget_beyond_any_counter_is_read_as_the_largest_one():
    """A budget past int64 (``--max-nodes 18446744073709551616``) reached the compiled Durak
    search's node bound, ``ctl[T_OVER] = max_nodes + 1``, as 'internal error: OverflowError:
    Python int too large to convert to C long' (exit 1), and one past a float (10**400) the
    share of it the exact solver gets, ``int(max_nodes * share)``: such a budget is no limit in
    practice, read as MAX_NODES wherever it comes in."""
    import numpy as np

    from foolsolve.cli import NODES
    from foolsolve.solver.base import MAX_NODES
    from foolsolve.solver.durak import compiled

    for huge in (2**63, 2**64, 10**400):
        assert SolveOptions(max_nodes=huge).max_nodes == MAX_NODES
        assert SolveOptions(extra={"max_nodes": huge}).max_nodes == MAX_NODES
        assert NODES.convert(str(huge), None, None) == MAX_NODES
        ctl = np.zeros(8, np.int64)
        ctl[compiled.T_OVER] = compiled.node_bound(huge)  # (the kernel's slot takes it)
        assert ctl[compiled.T_OVER] == MAX_NODES + 1
    assert SolveOptions(max_nodes=5, extra={"max_nodes": 2**64}).max_nodes == 5
    assert NODES.convert("5000", None, None) == 5000 and compiled.node_bound(5000) == 5001
    assert compiled.node_bound(None) == MAX_NODES < 2**63


def test_an_option_given_twice_under_its_old_and_new_name_is_an_option_error():
    from foolsolve.cli import _parse_extra

    with pytest.raises(OptionError, match="option known_stocks: the deprecated name of stock_order_known"):
        SolveOptions(extra={"known_stocks": True, "stock_order_known": True})
    with pytest.raises(OptionError, match="option known_stocks: the deprecated name of stock_order_known"):
        _parse_extra(["stock_order_known=true", "known_stocks=true"])


@pytest.mark.parametrize(("value", "said"), [("1e300", "got 1e300"), ("true", "got true"), ('"x"', 'got "x"'),
                                             ("1e-7", "got 1e-7"), ('"' + "y" * 500 + '"', 'got "yyy')])
def test_a_solver_options_value_is_quoted_as_json_spells_it_on_one_short_line(value, said, capsys):
    code, out, err = run([_example("fools-paradise-endgame.json"), "-o", f"player={value}"], capsys)
    assert (code, out) == (2, "") and err.count("\n") == 1 and said in err and len(err) < 200, err
