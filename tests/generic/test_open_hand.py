"""The open-hand world solver (foolsolve.solver.open_hand) against exhaustive search over the spec
(solver/minimax.py): paranoid and max-n with three or more players, two-player Durak with several
stock cards, expectimax at chance nodes; the depth-limited search equal to the exact one once the
depth covers the game; the node budget honoured; the CLI's answer where the exact solver refuses."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from foolsolve import games
from foolsolve.solver import minimax
from foolsolve.solver.base import SearchLimit
from foolsolve.solver.open_hand import SOLVER_METHOD, Budget, solve_world
from tests.generic.test_cli import assert_one_line_error, run

EXACT = Budget(max_nodes=2_000_000)
EXAMPLES = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"


def live_cards(obj: dict[str, Any]) -> int:
    """Cards in the hands, the stock and on the table of a position's JSON."""
    count = sum(len(h) for h in obj.get("hands", []))
    count += len(obj["stock"]) if isinstance(obj.get("stock"), list) else 0
    count += sum(1 for pair in obj.get("table", []) for c in pair if c)
    return count


def small_position(game: str, players: int, seed: int, cards: int, rules: dict[str, Any] | None = None,
                   stock: int = 0) -> Any:
    """A position of a random spec game from a seeded deal: the first one, not over, with at most
    ``cards`` live cards, at least ``stock`` stock cards and three legal moves (the next seed's game
    where a game ends before one)."""
    from foolsolve.rules import rules_from_json

    spec = games.get(game).spec
    for attempt in range(100):
        rng = random.Random(seed * 1000 + attempt)
        s = spec.deal(rules_from_json(spec.rules_cls, rules or {}), players, rng)
        while spec.result(s) is None:
            obj = spec.state_to_json(s)
            if (live_cards(obj) <= cards and len(obj.get("stock") or []) >= stock and "seed" not in obj
                    and len(spec.legal_moves(s)) >= 3):
                return s
            s = spec.apply(s, rng.choice(spec.legal_moves(s)))
    raise AssertionError(f"no small {game} position from seed {seed}")


def check_exact(game: str, state: Any, concept: str) -> None:
    info = games.get(game)
    answer = solve_world(info, state, EXACT, concept=concept)
    assert answer.exact
    want = minimax.open_hand_values(info.spec, state, answer.player, concept)
    assert answer.values == want
    assert list(answer.values) == [str(m) for m in info.spec.legal_moves(state)]


@pytest.mark.parametrize("seed", [1, 3, 8])
@pytest.mark.parametrize("concept", ["paranoid", "max-n"])
def test_durak_three_players_paranoid_and_maxn_equal_exhaustive_search(seed: int, concept: str) -> None:
    state = small_position("durak", 3, seed, cards=6)
    check_exact("durak", state, concept)


@pytest.mark.parametrize(("players", "seed"), [(4, 4), (4, 5), (5, 6), (6, 7)])
def test_durak_four_to_six_players_paranoid_equals_exhaustive_search(players: int, seed: int) -> None:
    state = small_position("durak", players, seed, cards=6)
    check_exact("durak", state, "paranoid")


def durak_with_stock(hands: tuple[int, int], stock: int, seed: int, variant: str = "podkidnoy") -> Any:
    """A two-player Durak position from a seeded shuffle: small hands and a stock of known order
    (the rest of the deck discarded), player 0 to lead. No deal and draws give hands this short
    beside a stock, so it is read without that check (``read_position(reachable=False)``): it is a
    small game to compare two searches on, not a position file."""
    deck = [r + s for s in "CDHS" for r in ("6", "7", "8", "9", "10", "J", "Q", "K", "A")]
    random.Random(seed).shuffle(deck)
    a, b = hands
    obj = {"game": "durak", "rules": {"variant": variant}, "trump": deck[a + b + stock - 1][-1],
           "hands": [deck[:a], deck[a:a + b]], "stock": deck[a + b:a + b + stock], "attacker": 0, "defender": 1,
           "table": []}
    from foolsolve.spec import durak

    return durak.read_position(obj, reachable=False)


@pytest.mark.parametrize(("hands", "stock", "seed"), [((2, 2), 3, 0), ((2, 2), 3, 1), ((2, 3), 2, 0)])
def test_durak_two_players_with_a_stock_equals_minimax_over_the_spec(hands: tuple[int, int], stock: int,
                                                                      seed: int) -> None:
    state = durak_with_stock(hands, stock, seed)
    info = games.get("durak")
    # two-player minimax over the spec values moves by the payoff difference (+-2 for a win)
    diff = minimax.move_values(info.spec, state)
    # the game's exact solver (its search over the stock, then the endgame search) and the open-hand
    # search over the engine without it
    for use_solver, method in ((True, SOLVER_METHOD), (False, "exact minimax search over the engine")):
        answer = solve_world(info, state, EXACT, use_solver=use_solver)
        assert answer.exact and answer.concept == "minimax"
        assert answer.method.startswith(method)
        assert {m: 2 * v for m, v in answer.values.items()} == diff


def test_durak_two_players_perevodnoy_with_a_stock_equals_exhaustive_search() -> None:
    # perevodnoy can repeat positions: both searches count endless play as payoffs 0
    state = durak_with_stock((2, 2), 2, 3, variant="perevodnoy")
    check_exact("durak", state, "paranoid")


@pytest.mark.parametrize(("players", "seed", "cards"), [(4, 1, 8), (3, 2, 6), (3, 4, 6)])
@pytest.mark.parametrize("concept", ["paranoid", "max-n"])
def test_foolery_open_hand_equals_exhaustive_search(players: int, seed: int, cards: int, concept: str) -> None:
    state = small_position("foolery", players, seed, cards=cards)
    check_exact("foolery", state, concept)


def test_exact_solver_answers_where_it_covers_the_position() -> None:
    info = games.get("durak")
    from foolsolve.positions import read_json

    state = info.spec.state_from_json(read_json(str(EXAMPLES / "durak-endgame.json")))
    answer = solve_world(info, state, EXACT)
    assert answer.method == "exact open-hand solver" and answer.exact and answer.depth is None
    assert answer.values == {"attack 9♦": -1, "attack 6♥": -1, "attack K♥": -1}
    engine = solve_world(info, state, EXACT, use_solver=False)
    assert engine.values == answer.values and engine.exact


def test_a_two_player_exact_solver_answers_for_the_player_not_to_move() -> None:
    """Zero-sum: the other player's payoff is the negative of the mover's."""
    info = games.get("durak")
    from foolsolve.positions import read_json

    state = info.spec.state_from_json(read_json(str(EXAMPLES / "durak-endgame.json")))
    answer = solve_world(info, state, EXACT, player=1)
    assert answer.method == "exact open-hand solver" and answer.exact and answer.player == 1
    assert answer.values == {"attack 9♦": 1, "attack 6♥": 1, "attack K♥": 1} and answer.value == 1
    engine = solve_world(info, state, EXACT, player=1, use_solver=False)
    assert engine.values == answer.values and engine.value == answer.value and engine.exact


@pytest.mark.parametrize(("players", "seed", "cards", "rules"), [
    (3, 2, 6, None), (3, 4, 6, {"payoffs": "king_peasant"}), (3, 9, 6, {"payoffs": "places"}), (4, 1, 8, None),
    (4, 11, 7, {"payoffs": "king_peasant"})])
def test_foolerys_exact_solver_values_a_world_as_the_exact_engine_search_does(players: int, seed: int, cards: int,
                                                                             rules: dict[str, Any] | None) -> None:
    """Three or more players: the Foolery solver's best place a player can make sure of against all
    the others (option goal=place), as its payoff, is the open-hand search's paranoid value. For
    every player (to move, not to move, out of play) every move's value, the position's value and
    the best moves equal those of the engine search where it reaches the end of the round."""
    info = games.get("foolery")
    state = small_position("foolery", players, seed, cards, rules)
    for player in range(players):
        answer = solve_world(info, state, EXACT, player=player)
        assert answer.method == "exact open-hand solver" and answer.exact and answer.concept == "paranoid"
        engine = solve_world(info, state, EXACT, player=player, use_solver=False)
        assert engine.exact and "engine" in engine.method
        assert (answer.values, answer.value, answer.best) == (engine.values, engine.value, engine.best)


def test_a_foolery_world_with_more_cards_than_the_solver_finishes_goes_to_the_search_alone() -> None:
    """Above PARANOID_CARDS in the hands the Foolery solver almost never finishes in its half of a
    world's budget (games/foolery.py), so it is not asked there and the search has the whole
    budget; at or below, it is asked. A spy stands in for the solver."""
    import dataclasses

    from foolsolve.games.foolery import PARANOID_CARDS
    from foolsolve.solver.base import SearchLimit

    info = games.get("foolery")
    asked: list[int] = []

    def spy(state: Any, options: Any) -> Any:
        asked.append(sum(len(h) for h in state.hands))
        raise SearchLimit("the spy answers nothing")

    spied = dataclasses.replace(info, solve=spy)
    large = small_position("foolery", 3, 5, 78)
    small = small_position("foolery", 4, 1, 8)
    assert sum(len(h) for h in large.hands) > PARANOID_CARDS >= sum(len(h) for h in small.hands)
    budget = Budget(max_nodes=6000, playouts=1)
    answer = solve_world(spied, large, budget)
    assert asked == [] and not answer.exact and answer.nodes > 3000  # the search spent more than "its half"
    solve_world(spied, small, budget)
    assert asked == [sum(len(h) for h in small.hands)]
    try:  # asked every world: the solver's half spent, the search may not fit its first iteration in the rest
        solve_world(dataclasses.replace(spied, paranoid_tries=None), large, budget)
    except SearchLimit:
        pass
    assert asked[-1] == sum(len(h) for h in large.hands)


def test_depth_limited_search_equals_exact_search_once_the_depth_covers_the_game() -> None:
    info = games.get("durak")
    state = small_position("durak", 3, 1, cards=5)
    exact = solve_world(info, state, EXACT)
    assert exact.exact and exact.depth is not None
    covered = solve_world(info, state, Budget(max_depth=exact.depth))
    assert covered.exact and covered.values == exact.values
    if exact.depth > 1:
        shallow = solve_world(info, state, Budget(max_depth=exact.depth - 1, seed=7))
        assert not shallow.exact and shallow.depth == exact.depth - 1
        assert "depth-limited" in shallow.method and "playouts" in shallow.method


def test_node_budget_is_honoured_and_answers_are_reproducible() -> None:
    info = games.get("durak")
    state = small_position("durak", 3, 2, cards=9)
    budget = Budget(max_nodes=3_000, playouts=4, seed=3)
    first = solve_world(info, state, budget)
    again = solve_world(info, state, budget)
    assert first.to_json() | {"seconds": 0} == again.to_json() | {"seconds": 0}
    assert not first.exact and first.depth is not None
    # the search stops at the first count past the budget (at most one playout's moves beyond it)
    assert first.nodes <= budget.max_nodes + 500
    with pytest.raises(SearchLimit):
        solve_world(info, state, Budget(max_nodes=1))


def test_bad_arguments_are_input_errors() -> None:
    from foolsolve.errors import InputError

    info = games.get("durak")
    state = small_position("durak", 3, 1, cards=5)
    with pytest.raises(InputError):
        solve_world(info, state, EXACT, concept="nash")
    with pytest.raises(InputError):
        solve_world(info, state, EXACT, player=5)


def test_cli_answers_a_three_player_durak_position_open_hand(tmp_path: Any, capsys: Any) -> None:
    info = games.get("durak")
    state = small_position("durak", 3, 1, cards=5)
    path = str(tmp_path / "p.json")
    with open(path, "w") as f:
        json.dump(info.spec.state_to_json(state), f)
    code, out, _ = run(["--no-store", path, "--json", "--max-nodes", "2000000"], capsys)
    assert code == 0
    got = json.loads(out)
    assert got["details"]["exact"] is True and got["concept"] == "paranoid"
    want = minimax.open_hand_values(info.spec, state, got["to_move"], "paranoid")
    assert {m["move"]: Fraction(m["value"]) for m in got["moves"]} == want
    assert any("does not cover" in n for n in got["notes"])
    # the method, named as every answer names it: the open-hand search's own under details too
    assert got["details"]["method"].startswith("exact paranoid search over the engine (alpha-beta")
    assert got["method"] == f"open-hand search, every card known: {got['details']['method']}"
    code, text, _ = run(["--no-store", path, "--max-nodes", "2000000"], capsys)
    assert code == 0 and text.splitlines()[1] == f"Method: {got['method']}"
    assert "Note: method" not in text and "\nmethod: " not in text
    assert_one_line_error(*run(["--no-store", path, "--max-nodes", "1"], capsys)[::2], "--max-nodes: no open-hand answer")
    assert_one_line_error(*run(["--no-store", path, "-o", "concept=nash"], capsys)[::2], "option concept")


@pytest.mark.parametrize("tokens", [1, 2, 4, 6])
@pytest.mark.parametrize("concept", ["paranoid", "max-n"])
def test_chance_nodes_are_expectations(tokens: int, concept: str) -> None:
    from tests.generic.toy_chance import INFO, State

    state = State(None, tokens, 0, False, True)
    answer = solve_world(INFO, state, EXACT, concept=concept)
    # the method names expectimax where the search met a chance node: one token is taken and the game is over
    assert answer.exact and ("expectimax" in answer.method) == answer.met_chance == (tokens > 1)
    assert answer.values == minimax.open_hand_values(INFO.spec, state, 0, concept)
    # at a chance root: every outcome's value for the player asked about, and the expectation
    rolling = State(None, tokens, 1, True, True)
    at_chance = solve_world(INFO, rolling, EXACT, concept=concept, player=2)
    assert at_chance.values == minimax.open_hand_values(INFO.spec, rolling, 2, concept)
    assert at_chance.value == sum(INFO.spec.chance_probability(rolling, m) * at_chance.values[str(m)]
                                  for m in INFO.spec.legal_moves(rolling))
    assert at_chance.best == []


def test_cli_answers_five_player_foolery_within_its_node_budget(capsys: Any) -> None:
    """The exact solver stops at its half of the budget; the open-hand search answers in the rest,
    marked not exact, naming its method and concept."""
    path = str(EXAMPLES / "foolery-five-players-midround.json")
    # (--time 0: the node budget alone, so both runs search alike; one legal move caps the time)
    code, out, _ = run(["--no-store", path, "--json", "--max-nodes", "20000", "--time", "0"], capsys)
    assert code == 0
    got = json.loads(out)
    assert got["details"]["exact"] is False and got["concept"] == "paranoid"
    assert "depth-limited alpha-beta (paranoid) to depth" in got["details"]["method"]
    assert got["method"] == f"open-hand search, every card known: {got['details']['method']} (an estimate, not exact)"
    assert any("did not finish within 10,000 nodes" in n for n in got["notes"])
    code, text, _ = run(["--no-store", path, "--max-nodes", "20000", "--time", "0"], capsys)
    assert code == 0 and text.splitlines()[1] == f"Method: {got['method']}"  # where the exact answers put theirs
    low, high = games.get("foolery").utility_bounds
    assert got["moves"] and all(low <= float(m["value"]) <= high for m in got["moves"])


def test_one_legal_move_is_the_answer_and_its_value_gets_a_short_budget(capsys: Any) -> None:
    """With one legal move (player 4 can only pass) the answer spent all of --time 20 estimating
    that move's value; the move is the answer whatever it is worth, so the value gets
    ONE_MOVE_SECONDS (the exact solver half of it) and a note says so."""
    from foolsolve.solver.open_hand import ONE_MOVE_SECONDS, only_move

    path = str(EXAMPLES / "foolery-five-players-midround.json")
    info = games.get("foolery")
    state = info.spec.state_from_json(json.loads(Path(path).read_text()))
    assert only_move(info, state) == "pass"
    code, out, _ = run(["--no-store", path, "--json", "--time", "30"], capsys)
    assert code == 0
    got = json.loads(out)
    assert got["best"] == ["pass"] and [m["move"] for m in got["moves"]] == ["pass"]
    assert f"pass is the only legal move: its value was given {ONE_MOVE_SECONDS:g} s of --time 30" in got["notes"]
    assert any(f"did not finish within {ONE_MOVE_SECONDS / 2:g} s (of the {ONE_MOVE_SECONDS:g} s the only legal "
               "move's value gets of --time 30)" in n for n in got["notes"])
    # more than one legal move: no such cap
    endgame = info.spec.state_from_json(json.loads((EXAMPLES / "foolery-endgame.json").read_text()))
    assert only_move(info, endgame) is None


def test_one_legal_moves_time_error_names_the_users_time_and_the_share_that_ran_out(capsys: Any,
                                                                                   monkeypatch: Any) -> None:
    """Where not even the only legal move's value was found in the ONE_MOVE_SECONDS it gets, the
    error said '--time: no answer within 2 s', a --time the user never gave (she gave --time 30);
    now it names both: the 2 s that ran out, of her --time 30. (The open-hand search is made to
    value nothing.)"""
    from foolsolve.solver import open_hand
    from foolsolve.solver.open_hand import ONE_MOVE_SECONDS

    def nothing_valued(*args: Any, **kwargs: Any) -> Any:
        raise SearchLimit("out of time", option="time")

    monkeypatch.setattr(open_hand, "solve_world", nothing_valued)
    path = str(EXAMPLES / "foolery-five-players-midround.json")
    assert_one_line_error(*run(["--no-store", path, "--time", "30"], capsys)[::2],
                          f"--time: no answer within the {ONE_MOVE_SECONDS:g} s the only legal move's value gets of "
                          "--time 30 (the exact solver did not finish")
    # more than the one move's share asked for: the user's --time, as before
    assert_one_line_error(*run(["--no-store", path, "--time", "1"], capsys)[::2], "--time: no answer within 1 s (")


def test_ctrl_c_in_the_open_hand_search_prints_the_last_iteration_then_exits_130(tmp_path: Any, capsys: Any,
                                                                                monkeypatch: Any) -> None:
    """Ctrl-C during the open-hand search's depth-2 iteration: solve prints the depth-1 answer with its
    note (text, or the JSON result on stdout) and exits 130 with the one interrupted line on stderr, as
    for the exact solver's proofs (it printed the answer and exited 0); report writes the page of that
    answer and exits 130. Before an iteration finished: exit 130 and nothing printed, no page."""
    from foolsolve.solver import open_hand

    real = open_hand._Search.root_values
    stop_at = [2]

    def ctrl_c(self: Any, root: Any, depth: int) -> Any:
        if depth >= stop_at[0]:
            raise KeyboardInterrupt
        return real(self, root, depth)

    monkeypatch.setattr(open_hand._Search, "root_values", ctrl_c)
    path = str(EXAMPLES / "foolery-five-players-midround.json")
    argv = ["--no-store", path, "--max-nodes", "20000"]
    note = "interrupted (Ctrl-C) during the depth-2 iteration: the answer of depth 1"
    code, out, err = run(argv, capsys)
    assert code == 130 and err.strip() == "foolsolve: interrupted", err
    assert f"Note: {note}" in out and "to depth 1 with playout evaluation" in out.splitlines()[1]
    code, out, err = run([*argv, "--json"], capsys)
    assert code == 130 and json.loads(err) == {"error": "interrupted", "kind": "interrupted", "exit_code": 130}
    got = json.loads(out)
    assert got["details"]["depth"] == 1 and note in got["notes"] and got["moves"]
    page = tmp_path / "page.html"
    code, out, err = run(["report", path, "--max-nodes", "20000", "--no-store", "--out", str(page)], capsys)
    assert code == 130 and out.strip() == f"wrote {page}" and note in page.read_text()
    assert err.strip() == "foolsolve: interrupted (the page shows the open-hand answer of the last finished iteration)"
    stop_at[0] = 1  # nothing finished: the plain Ctrl-C, no answer and no page
    page.unlink()
    code, out, err = run(argv, capsys)
    assert (code, out, err.strip()) == (130, "", "foolsolve: interrupted")
    code, out, err = run(["report", path, "--max-nodes", "20000", "--no-store", "--out", str(page)], capsys)
    assert code == 130 and out == "" and not page.exists()


@pytest.mark.parametrize(("option", "said"), [
    ("max_nodes=5000", "did not finish within 5,000 nodes (-o max_nodes=5000)"),
    ("time=0.001", "did not finish within 0.001 s (-o time=0.001)"),
])
def test_the_note_names_the_solver_option_that_stopped_the_exact_solver(capsys: Any, monkeypatch: Any, option: str,
                                                                         said: str) -> None:
    """-o max_nodes / -o time stop the exact solver too; the note said 'within 0 nodes (--max-nodes 0)'.
    (The open-hand search that then answers is given no time bound here: -o time=0.001 bounds it
    too, and whether it answers in 1 ms is not this test's question; with -o max_nodes the exact
    solver's time, now checked every 256 nodes, would bound it on a loaded machine: --time 0.)"""
    from foolsolve.solver import open_hand

    real = open_hand.answer_for_cli

    def untimed(info: Any, state: Any, extra: Any, max_nodes: Any, seconds: Any, *rest: Any) -> Any:
        return real(info, state, extra, max_nodes, None, *rest)

    monkeypatch.setattr(open_hand, "answer_for_cli", untimed)
    path = str(EXAMPLES / "foolery-five-players-midround.json")
    limit = ["--time", "0"] if option.startswith("max_nodes") else []
    code, out, err = run(["--no-store", path, "--json", "--max-nodes", "60000", *limit, "-o", option], capsys)
    assert code == 0, err
    notes = json.loads(out)["notes"]
    assert any(said in n for n in notes), notes


def fools_and_angels_with_stocks(seed: int) -> Any:
    """A Fools and Angels position of a random game (random rules) with cards left in a stock or
    the pool, at most 9 cards in the hands, the stocks and the pool, and two legal moves at least."""
    from foolsolve.games.fools_and_angels import random_rules_fa

    spec = games.get("fools-and-angels").spec
    for attempt in range(200):
        rng = random.Random(seed * 1000 + attempt)
        s = spec.deal(random_rules_fa(rng), 2, rng)
        while spec.result(s) is None:
            obj = spec.state_to_json(s)
            stocked = sum(len(x) for x in obj["stocks"]) + len(obj.get("pool") or [])
            if stocked and stocked + sum(len(h) for h in obj["hands"]) <= 9 and len(spec.legal_moves(s)) >= 2:
                return s
            s = spec.apply(s, rng.choice(spec.legal_moves(s)))
    raise AssertionError(f"no small Fools and Angels position from seed {seed}")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_fools_and_angels_with_stocks_equals_its_solver_with_the_stock_order_known(seed: int) -> None:
    from foolsolve.solver.base import SolveOptions

    info = games.get("fools-and-angels")
    state = fools_and_angels_with_stocks(seed)
    answer = solve_world(info, state, EXACT)  # the endgame solver does not cover stocks: the engine search
    assert answer.exact and "engine" in answer.method and answer.concept == "minimax"
    known = info.solve(state, SolveOptions(extra={"known_stocks": True}))  # its own search, another method
    assert answer.values == {m.move: 1 if m.value == "win" else -1 for m in known.moves}


def test_ctrl_c_keeps_the_last_finished_iteration_when_interruptible() -> None:
    from foolsolve.positions import read_json

    info = games.get("durak")
    state = info.spec.state_from_json(read_json(str(EXAMPLES / "durak-midbout.json")))  # far from exact
    budget = Budget(max_nodes=200_000, playouts=2)
    calls = []

    def progress(nodes: int) -> None:
        calls.append(nodes)
        if len(calls) == 40:
            raise KeyboardInterrupt

    answer = solve_world(info, state, budget, progress=progress, interruptible=True)
    assert not answer.exact and answer.depth is not None
    assert any("interrupted (Ctrl-C)" in n for n in answer.notes)
    calls.clear()
    with pytest.raises(KeyboardInterrupt):
        solve_world(info, state, budget, progress=progress)


@pytest.mark.parametrize(("game", "players", "seed", "cards"), [("durak", 3, 1, 6), ("foolery", 3, 2, 6)])
def test_max_n_for_a_player_who_is_not_to_move(game: str, players: int, seed: int, cards: int) -> None:
    """Every value is the asked player's payoff; the position's value and best moves are the
    mover's own choice (the first of their best moves in the spec's order)."""
    info = games.get(game)
    state = small_position(game, players, seed, cards=cards)
    mover = info.spec.to_move(state)
    other = (mover + 1) % players
    answer = solve_world(info, state, EXACT, concept="max-n", player=other)
    assert answer.exact and answer.player == other
    assert answer.values == minimax.open_hand_values(info.spec, state, other, "max-n")
    own = minimax.open_hand_values(info.spec, state, mover, "max-n")
    top = max(own.values())
    assert answer.best == [m for m, v in own.items() if v == top]
    assert answer.value == answer.values[answer.best[0]]


def test_a_table_budget_drops_entries_and_keeps_the_exact_answer(monkeypatch: Any) -> None:
    from foolsolve.solver.base import TableBudget

    info = games.get("durak")
    state = small_position("durak", 3, 1, 10)
    free = solve_world(info, state, Budget(max_nodes=1_000_000), use_solver=False)
    dropped: list[int] = []
    real = TableBudget.check

    def check(self: TableBudget, tables: Any) -> None:
        real(self, tables)
        dropped.append(self.evictions)

    monkeypatch.setattr(TableBudget, "check", check)
    tight = solve_world(info, state, Budget(max_nodes=1_000_000, max_memory=1), use_solver=False)
    assert free.exact and tight.exact and tight.values == free.values
    assert dropped and dropped[-1] > 0  # the 1 MiB budget was exceeded and entries were dropped


def test_solve_takes_max_memory(capsys: Any) -> None:
    from tests.generic.test_cli import assert_one_line_error, run

    example = str(Path(__file__).resolve().parents[2] / "foolsolve" / "examples" / "durak-endgame.json")
    code, out, err = run(["solve", example, "--max-memory", "1", "--no-store"], capsys)
    assert code == 0 and "Value:" in out, err
    code, _, err = run(["solve", example, "--max-memory", "0"], capsys)
    assert_one_line_error(code, err, "--max-memory")


@pytest.mark.parametrize("game", [info.name for info in games.all_games()])
def test_a_greedy_playout_plays_what_the_greedy_bot_plays_from_each_seat(game: str) -> None:
    """Every decision of a greedy playout (Durak's on engine states) is the move the ``greedy``
    bot plays from the mover's seat, built from her view of the same position."""
    from foolsolve.bots import Seat
    from foolsolve.bots.greedy import GreedyBot
    from foolsolve.game import CHANCE, draw_chance
    from foolsolve.playouts import GreedyPlayout
    from foolsolve.rules import rules_to_json
    from foolsolve.worlds import view_of

    info = games.get(game)
    engine, spec = info.engine, info.spec
    assert engine is not None
    choose = GreedyPlayout(info).choose
    bot = GreedyBot()
    decisions = 0
    for seed in range(3):
        rng = random.Random(seed)
        spec_state = spec.deal(spec.rules_cls(), spec.min_players, rng)
        s = engine.from_spec(spec_state)
        while engine.result(s) is None:
            legal = engine.legal_moves(s)
            if engine.to_move(s) == CHANCE:
                s = engine.apply(s, draw_chance(engine.chance_outcomes(s), rng))
                continue
            full = engine.to_spec(s)
            mover = spec.to_move(full)
            seat = Seat(game=game, player=mover, players=spec.num_players(full), rules=rules_to_json(full.rules),
                        view=view_of(info, full, mover), legal=tuple(spec.legal_moves(full)), seed=0)
            picked = choose(s, legal)
            assert str(engine.move_to_spec(s, picked)) == str(bot.choose(seat))
            decisions += 1
            s = engine.apply(s, picked)
    assert decisions > 10


def test_the_greedy_frontier_values_a_cut_position_by_one_greedy_game() -> None:
    """Depth 1 with the greedy frontier: each root move is worth the result of the greedy game
    from the position after it (Durak between two players has no chance: one playout counts
    for all of them); the method says so, and the random frontier differs somewhere."""
    from foolsolve.playouts import GreedyPlayout

    info = games.get("durak")
    engine = info.engine
    assert engine is not None
    state = small_position("durak", 2, 4, cards=14)
    answer = solve_world(info, state, Budget(max_depth=1, playouts=3, frontier="greedy", seed=1), use_solver=False)
    assert not answer.exact and "3 greedy playouts" in answer.method
    play = GreedyPlayout(info)
    root = engine.from_spec(state)
    want = {}
    for m in engine.legal_moves(root):
        end, _ = play(engine.apply(root, m), random.Random(0))
        assert not play.drew_chance
        want[str(engine.move_to_spec(root, m))] = Fraction(engine.result(end).payoffs[answer.player])
    assert answer.values == want
    other = solve_world(info, state, Budget(max_depth=1, playouts=3, seed=1), use_solver=False)
    assert "greedy" not in other.method



ENDLESS_GREEDY: dict[str, Any] = {
    "game": "durak", "rules": {"variant": "podkidnoy"}, "players": 3, "trump": "D",
    "hands": [["9C", "AD", "9H", "9S"], ["7C", "6H", "JS"], ["6C", "8C", "7D", "8H", "JH", "6S", "7S"]],
    "stock": ["KH", "KS", "7H", "AH", "KD", "10H", "JC", "AC", "10C", "10D", "AS", "KC", "QH", "10S", "QD", "6D"],
    "discard": [], "out": [], "attacker": 0, "defender": 1, "table": [["QC", "8D"], ["8S", "9D"], ["QS", "JD"]],
    "to_move": 0, "taking": False, "first_bout": False, "defender_start": 6, "shown": [], "last_defender": 2,
    "known": [[], [], ["7D", "7S"]]}
"""A three-player Durak position (a world a pimc bot with the greedy frontier sampled in the arena,
whose game then never ended): after player 0's "pass", every player playing the greedy heuristic
goes round one cycle of positions for ever."""


def _endless_world() -> Any:
    info = games.get("durak")
    return info, info.spec.state_from_json(ENDLESS_GREEDY)


def test_a_greedy_playout_that_repeats_a_position_stops_as_endless_play() -> None:
    """The greedy playout after "pass" in :data:`ENDLESS_GREEDY` meets a position again with no
    chance node in between: endless play. It stops there (payoffs 0 for every player, as the
    open-hand search reads a repetition) instead of running for ever (20,000 moves of the same
    play never end the game), and a bound on the moves stops it where it is asked to."""
    from foolsolve.playouts import REPEAT_CHECK_FROM, GreedyPlayout

    info, world = _endless_world()
    engine = info.engine
    assert engine is not None
    root = engine.from_spec(world)
    start = next(engine.apply(root, m) for m in engine.legal_moves(root) if str(engine.move_to_spec(root, m)) == "pass")
    play = GreedyPlayout(info)
    end, moves = play(start, random.Random(0))
    assert play.endless and not play.drew_chance
    assert engine.result(end) is None and REPEAT_CHECK_FROM <= moves < 2 * REPEAT_CHECK_FROM
    assert engine.returns(end) == (0, 0, 0)
    s, keys = start, set()
    for _ in range(20_000):
        legal = engine.legal_moves(s)
        s = engine.apply_unchecked(s, legal[0] if len(legal) == 1 else play.choose(s, legal))
        keys.add(engine.key(s))
    assert engine.result(s) is None and len(keys) < 1_000
    end, moves = play(start, random.Random(0), 50)
    assert moves == 50 and not play.endless
    fresh = engine.from_spec(info.spec.deal(info.spec.rules_cls(), 3, random.Random(1)))
    end, _ = play(fresh, random.Random(0))
    assert not play.endless and engine.result(end) is not None


class _OneWorld:
    """A view with one consistent world (the seat analysis' ``Worlds``), to pin the world down."""

    def __init__(self, world: Any, player: int) -> None:
        self.world, self.player = world, player

    def sample(self, rng: random.Random) -> Any:
        return self.world

    def count(self) -> int:
        return 1

    def enumerate(self) -> Any:
        yield self.world


@pytest.mark.parametrize("method", ["pimc", "ismcts"])
def test_a_seat_answer_with_the_greedy_frontier_ends_where_greedy_play_is_endless(method: str) -> None:
    """PIMC's depth-one valuation and IS-MCTS, with the greedy frontier, on the world of
    :data:`ENDLESS_GREEDY`: both answer, "pass" valued as the endless play it leads to (they ran
    for ever before: their playouts had no bound on the moves)."""
    from foolsolve import seat

    info, world = _endless_world()
    settings = seat.Settings(method=method, samples=1 if method == "pimc" else 40,
                             budget=seat.Budget(search_nodes=1, frontier="greedy"))
    answer = seat.analyse(info, _OneWorld(world, 0), settings)  # type: ignore[arg-type]
    moves = {m.move: m for m in answer.moves}
    assert "pass" in moves and not answer.interrupted
    if method == "pimc":
        assert moves["pass"].mean == 0


def test_a_short_time_gives_the_open_hand_answer_not_a_seat_answer(tmp_path: Any, capsys: Any,
                                                                    monkeypatch: Any) -> None:
    """A full three-player Foolery deal is answered open-hand (its exact solver covers it) at any
    --time: where the time runs out during the search's first iteration, each move is valued by one
    playout (a first pass within the time, before that iteration) and a note says so. It used to
    turn into an answer from the mover's seat, another question, whenever the first iteration did
    not fit (so the kind of answer hung on the clock); then that pass ran after the time had run
    out, for as long as it took. Where the time runs out before every move has its playout, it is
    the one-line --time error (exit 2), not a seat answer either. (The clock is simulated: the
    iteration the time cuts short raises OutOfBudget.)"""
    from foolsolve.solver import open_hand

    info = games.get("foolery")
    state = info.spec.deal(info.spec.rules_cls(), 3, random.Random(2))
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(info.spec.state_to_json(state)), encoding="utf-8")
    real = open_hand._Search.root_values
    passes: list[tuple[int, int]] = []

    def out_of_time(search: Any, root: Any, depth: int) -> Any:
        passes.append((depth, search.playouts))
        if search.playouts != 1:  # the first iteration proper: the clock runs out in it
            raise open_hand.OutOfBudget("out of time")
        return real(search, root, depth)

    monkeypatch.setattr(open_hand._Search, "root_values", out_of_time)
    code, out, err = run(["--no-store", str(path), "--json", "--time", "1"], capsys)
    assert code == 0, err
    got = json.loads(out)
    assert "seat" not in got and got["details"]["exact"] is False
    assert got["details"]["method"].endswith("to depth 1 with playout evaluation (1 playout, seed 0)")
    assert any("first iteration (8 playouts a move) did not finish within" in n for n in got["notes"])
    if passes == [(1, 1), (1, 1)]:  # a loaded machine: the exact solver's half left too little for the pass
        assert any("the time ran out before every move had its playout" in n for n in got["notes"]), got["notes"]
    else:
        assert passes == [(1, 1), (1, 8)]
    assert {m["move"] for m in got["moves"]} == {str(m) for m in info.spec.legal_moves(state)}
    # out of time before every move had its one playout: the --time error, not the seat's answer
    monkeypatch.setattr(open_hand._Search, "root_values",
                        lambda *a: (_ for _ in ()).throw(open_hand.OutOfBudget("out of time")))
    code, out, err = run(["--no-store", str(path), "--time", "1"], capsys)
    assert_one_line_error(code, err, "--time: no answer within 1 s (the exact solver did not finish within")
    # the caller's own node bound is kept: no answer within it is an error, not more work
    monkeypatch.setattr(open_hand, "solve_world", lambda *a, **k: (_ for _ in ()).throw(SearchLimit("nodes")))
    code, out, err = run(["--no-store", str(path), "--max-nodes", "10"], capsys)
    assert code == 2 and "no open-hand answer within" in err


def test_the_exact_solvers_options_do_not_apply_to_an_open_hand_answer(tmp_path: Any, capsys: Any) -> None:
    """-o pv/moves/jit/reductions are valid Durak options: where the open-hand search answers (three
    players), they do not apply and a note says so, where they were an error ('not an option of the
    open-hand search'); a bad value of one is still an error, before any search."""
    info = games.get("durak")
    path = str(tmp_path / "p.json")
    with open(path, "w") as f:
        json.dump(info.spec.state_to_json(small_position("durak", 3, 1, cards=5)), f)
    opts = ["-o", "pv=false", "-o", "moves=false", "-o", "jit=false", "-o", 'reductions={"twins": false}']
    code, out, err = run(["--no-store", path, "--json", "--max-nodes", "2000000", *opts], capsys)
    assert code == 0, err
    notes = json.loads(out)["notes"]
    assert "not applied to this open-hand answer (options of the exact solver): -o jit, moves, pv, reductions" in notes
    assert_one_line_error(*run(["--no-store", path, "-o", "jit=sometimes"], capsys)[::2], "option jit")
    assert_one_line_error(*run(["--no-store", path, "-o", "pv=maybe"], capsys)[::2], "option pv")


def test_the_exact_solvers_options_do_not_apply_where_it_stops_and_the_search_answers(tmp_path: Any,
                                                                                       capsys: Any) -> None:
    """A two-player endgame (12 cards a hand) the exact solver does not finish in its half of --max-nodes:
    with -o pv=false the open-hand search answers as it does without it (it failed after the exact
    solver's share)."""
    ranks = "6 7 8 9 10 J Q K A".split()
    deck = [r + s for s in "CDHS" for r in ranks]
    random.Random(2).shuffle(deck)
    path = tmp_path / "e12.json"
    path.write_text(json.dumps({"game": "durak", "trump": "H", "hands": [deck[:12], deck[12:24]], "stock": [],
                                "attacker": 0, "defender": 1, "table": []}))
    code, out, err = run(["--no-store", str(path), "--json", "--max-nodes", "20000", "-o", "pv=false",
                          "-o", "jit=false"], capsys)
    assert code == 0, err
    got = json.loads(out)
    assert got["details"]["exact"] is False
    assert any("did not finish within 10,000 nodes" in n for n in got["notes"])
    assert "not applied to this open-hand answer (options of the exact solver): -o jit, pv" in got["notes"]


OPEN_HAND_EXAMPLES = ["durak-endgame.json", "fools-paradise-endgame.json", "fools-and-angels-endgame.json",
                      "foolery-five-of-a-kind.json", "three-fools-bluff.json"]
"""One example position of each game."""


def test_the_open_hand_examples_are_one_of_each_game() -> None:
    assert sorted(json.loads((EXAMPLES / e).read_text())["game"] for e in OPEN_HAND_EXAMPLES) == games.names()


@pytest.mark.parametrize("example", OPEN_HAND_EXAMPLES)
def test_the_open_hand_searchs_options_are_taken_in_every_game(capsys: Any, example: str) -> None:
    """docs/open-hand.md's -o playouts/seed/depth were refused up front by every exact solver ('unknown ...
    solver option'); where the exact solver answers they do not apply, and a note says so."""
    code, out, err = run(["--no-store", str(EXAMPLES / example), "--json", "--open-hand", "-o", "playouts=2",
                          "-o", "seed=3", "-o", "depth=2"], capsys)
    assert code == 0, err
    got = json.loads(out)
    if example == "three-fools-bluff.json":
        # a round about to be led: the exact solver would answer from the leader's seat (round odds), so
        # --open-hand gets the open-hand search, which takes the options
        assert "(2 playouts, seed 3)" in got["details"]["method"] and got["details"]["depth"] == 2
        assert any(n.startswith("--open-hand: the exact solver answers this position from one player's seat")
                   for n in got["notes"])
    else:
        assert ("not applied to the exact solver's answer (options of the open-hand search): -o depth, playouts, seed"
                in got["notes"])
    assert_one_line_error(*run(["--no-store", str(EXAMPLES / example), "-o", "depth=0"], capsys)[::2],
                          "option depth")


def test_the_open_hand_searchs_options_steer_it_where_it_answers(capsys: Any) -> None:
    """Three-player Durak (README: paranoid, max-n): -o concept=max-n, player, depth and playouts reach the
    search (they were 'unknown Durak solver option')."""
    code, out, err = run(["--no-store", str(EXAMPLES / "durak-midbout.json"), "--json", "--open-hand",
                          "--max-nodes", "100000", "-o", "concept=max-n", "-o", "player=1", "-o", "depth=2",
                          "-o", "playouts=2"], capsys)
    assert code == 0, err
    got = json.loads(out)
    assert got["concept"] == "max-n" and got["details"]["depth"] == 2
    assert "(2 playouts, seed 0)" in got["details"]["method"]
    assert not any("not applied" in n for n in got["notes"])
    assert_one_line_error(*run(["--no-store", str(EXAMPLES / "durak-midbout.json"), "-o", "player=7"],
                               capsys)[::2], "option player", "3 players")


def test_an_option_of_neither_search_names_both_lists(capsys: Any) -> None:
    code, _, err = run(["--no-store", str(EXAMPLES / "durak-midbout.json"), "-o", "deph=2"], capsys)
    assert_one_line_error(code, err, "option deph", "the exact solver's: jit, moves, pv, reductions",
                          "the open-hand search's: concept, player, playouts, seed, depth")


def _estimate(player: int | None = None) -> Any:
    """An estimate (depth 1, one playout a move) of ``durak-endgame.json`` (every move a loss for
    player 0, the mover) and its state."""
    info = games.get("durak")
    state = info.spec.state_from_json(json.loads((EXAMPLES / "durak-endgame.json").read_text(encoding="utf-8")))
    answer = solve_world(info, state, Budget(max_depth=1, playouts=1), player=player, use_solver=False)
    assert not answer.exact and list(answer.values) == ["attack 9♦", "attack 6♥", "attack K♥"]
    return info, state, answer


def _partial(moves: list[tuple[str, str]], bounds: list[tuple[str, str, str]], kind: str = "outcome") -> Any:
    from foolsolve.solver.base import MoveBound, MoveValue, SolveResult

    return SolveResult("durak", 0, None, [MoveValue(m, v) for m, v in moves], [], 10, 0.1, best=[],
                       unfinished=[MoveBound(m, lo, hi) for m, lo, hi in bounds], value_kind=kind)


@pytest.mark.parametrize("player", [0, 1])
def test_what_a_stopped_exact_solve_proved_replaces_the_estimate(player: int) -> None:
    # the estimate never names best a move proved worse, nor shows a value the proof rules out:
    # a move valued exactly takes its value, a bounded one is kept within its bounds (on the
    # answer's player's scale: the mover's negative for the other player), value and best follow
    from foolsolve.solver.open_hand import with_proofs

    info, state, answer = _estimate(player)
    rigged = {"attack 9♦": Fraction(1), "attack 6♥": Fraction(1, 2), "attack K♥": Fraction(1, 4)}
    answer.values = {m: v if player == 0 else -v for m, v in rigged.items()}
    partial = _partial([("attack 9♦", "loss")], [("attack 6♥", "loss", "draw"), ("attack K♥", "loss", "win")])
    merged, note = with_proofs(info, state, answer, partial)
    sign = 1 if player == 0 else -1
    assert merged.values == {"attack 9♦": -sign, "attack 6♥": 0, "attack K♥": sign * Fraction(1, 4)}
    assert merged.value == sign * Fraction(1, 4) and merged.best == ["attack K♥"]
    assert note == ("the exact solver's proofs replace the estimates (1 move valued exactly, 1 estimate kept "
                    "within the bounds it proved); the best moves follow from both")
    assert answer.values["attack 9♦"] == sign  # the answer given is not changed


def test_a_proof_that_changes_nothing_or_is_not_on_the_win_draw_loss_scale_leaves_the_estimate() -> None:
    from foolsolve.solver.open_hand import with_proofs

    info, state, answer = _estimate()
    unbounded = _partial([], [("attack 9♦", "loss", "win")])
    assert with_proofs(info, state, answer, unbounded) == (answer, "")
    assert with_proofs(info, state, answer, None) == (answer, "")
    payoffs = _partial([("attack 9♦", "1")], [], kind="payoff")
    assert with_proofs(info, state, answer, payoffs) == (answer, "")


def test_an_estimate_after_the_exact_solver_stopped_says_what_the_whole_answer_cost(capsys):
    """The last line gave the depth-limited search's nodes and seconds alone: '1,509,756 nodes in
    3.897 s' for an answer that took 10.8 s, half of it the exact solver's. Now its nodes and time
    are the whole answer's: at least the --time the exact solver had."""
    path = Path(__file__).resolve().parents[2] / "foolsolve" / "examples" / "foolery-five-players-midround.json"
    code, out, err = run([str(path), "--time", "2", "--json", "--no-store"], capsys)
    assert code == 0, err
    obj = json.loads(out)
    assert any("the exact solver did not finish within 1 s" in n for n in obj["notes"])
    assert obj["seconds"] >= 2.0


def test_open_hand_answers_a_fresh_three_fools_deal(tmp_path: Any, capsys: Any) -> None:
    """'--open-hand' on a Three Fools deal (phase start, chance draws the first leader) was the round
    odds' 'phase: round odds need a round about to be led ..., not start' (exit 2): the open-hand
    search answers it, an expectation over chance's draw of the leader, with no best move."""
    deal = tmp_path / "d.json"
    code, _, err = run(["deal", "three-fools", "--seed", "3", "--out", str(deal)], capsys)
    assert code == 0, err
    code, out, err = run([str(deal), "--open-hand", "--no-store", "--max-nodes", "3000"], capsys)
    assert code == 0, err
    assert "Method: open-hand search" in out and "not start" in out  # the note says why the odds did not answer
    assert "Best: (none: chance moves here" in out and "game is over" not in out
    code, out, err = run([str(deal), "--open-hand", "--no-store", "--max-nodes", "3000", "--json"], capsys)
    assert code == 0, err
    assert json.loads(out)["to_move"] == -1


def test_a_budget_of_one_node_is_written_in_the_singular(tmp_path, capsys):
    # "within 1 nodes"
    from tests.generic.test_cli import run

    code, _, err = run([str(EXAMPLES / "durak-endgame.json"), "--no-store", "--max-nodes", "2"], capsys)
    assert code == 2 and "1 node " in err and "1 nodes" not in err, err


def test_solver_option_max_nodes_bounds_the_open_hand_answer_too(capsys: Any) -> None:
    """``-o max_nodes=N`` (every search's option, 'the same as --max-nodes') bounds the open-hand
    search that answers where the exact solver refused the position (three players), not only the
    exact solver, and no answer within it is the one-line error naming it, as for --max-nodes."""
    path = str(EXAMPLES / "durak-midbout.json")
    code, out, err = run(["--no-store", path, "--open-hand", "--json", "--time", "3", "-o", "max_nodes=4000"], capsys)
    assert code == 0, err
    got = json.loads(out)
    assert got["details"]["exact"] is False and got["nodes"] <= 4100
    code, _, err = run(["--no-store", path, "--open-hand", "--time", "3", "-o", "max_nodes=20"], capsys)
    assert_one_line_error(code, err, "-o max_nodes=20: no open-hand answer within 20 nodes (the exact solver does "
                                     "not cover this position")


@pytest.mark.parametrize("bound,message", [
    (["-o", "max_nodes=3"], "-o max_nodes=3: no open-hand answer within 3 nodes (the exact solver did not finish "
                            "within 3 nodes (-o max_nodes=3))"),
    (["--max-nodes", "3"], "--max-nodes: no open-hand answer within 2 nodes (the exact solver did not finish within "
                           "1 node (--max-nodes 3))"),
])
def test_a_node_bound_that_stopped_both_searches_is_named_without_the_time_left(capsys: Any, bound, message) -> None:
    """No open-hand answer within a node bound: the error names that bound and the nodes each search
    had, and no time (the time left of --time stopped nothing)."""
    code, _, err = run([str(EXAMPLES / "durak-endgame.json"), "--no-store", "--time", "20", *bound], capsys)
    assert_one_line_error(code, err, message)
    assert " s " not in err and " s)" not in err, err


def test_a_time_that_stopped_the_open_hand_search_is_named_where_a_node_bound_was_given(monkeypatch: Any,
                                                                                      capsys: Any) -> None:
    """The time ran out before the node bound: the error is the time's, not the node bound's."""
    from foolsolve.solver import open_hand

    def out_of_time(*a: Any, **k: Any) -> Any:
        raise open_hand.OutOfBudget("out of time", option="time")

    monkeypatch.setattr(open_hand, "solve_world", out_of_time)
    code, _, err = run([str(EXAMPLES / "durak-midbout.json"), "--no-store", "--open-hand", "--time", "1",
                        "-o", "max_nodes=100000"], capsys)
    assert_one_line_error(code, err, "--time: no answer within 1 s")


def test_solver_option_time_bounds_the_open_hand_answer_too(capsys: Any) -> None:
    """``-o time=S`` likewise bounded only the exact solver; the open-hand search that answered took the
    rest of --time. (--time 20: the rest of it is far from what -o time=0.3 gives each search, however
    slowly a loaded machine stops them.)"""
    code, out, err = run(["--no-store", "--open-hand", str(EXAMPLES / "durak-midbout.json"), "--json", "--time", "20", "-o",
                          "time=0.3"], capsys)
    assert code == 0, err
    assert json.loads(out)["seconds"] < 10


def test_the_only_legal_moves_budget_is_named_not_a_time_never_given(monkeypatch: Any) -> None:
    """A position with one legal move gives its value 2 s of --time; the exact solver's stop was
    said as "did not finish within 1 s (--time 2)", a --time the user never gave (--time 10 here).
    Now the note names the real budget and where it came from."""
    from foolsolve import store
    from foolsolve.cli import load_position
    from foolsolve.solver import open_hand

    info, state = load_position(str(EXAMPLES / "foolery-five-players-midround.json"))
    assert open_hand.only_move(info, state) == "pass"

    def out_of_time(*a: Any, **k: Any) -> Any:
        raise open_hand.OutOfBudget("out of time")

    why: list[str] = []

    def answer(info: Any, state: Any, extra: Any, nodes: Any, seconds: Any, tick: Any, reason: str, *a: Any) -> Any:
        why.append(reason)
        raise RuntimeError("stop here")

    monkeypatch.setattr(store, "solve_with_store", out_of_time)
    monkeypatch.setattr(open_hand, "answer_for_cli", answer)
    with pytest.raises(RuntimeError, match="stop here"):
        open_hand.solve_or_answer(info, state, {}, None, None, 10.0, None)
    assert why == ["the exact solver did not finish within 1 s (of the 2 s the only legal move's value gets of "
                   "--time 10)"]


def _slow_playouts(monkeypatch: Any, seconds: float) -> tuple[list[float], list[int]]:
    """A simulated clock (``time.perf_counter``, which the open-hand search reads) that moves only
    when a playout is played, ``seconds`` a playout: the clock's reading and the playouts played."""
    from foolsolve.solver import open_hand

    now, played = [0.0], [0]
    real = open_hand.playout_of

    def playout_of(info: Any, frontier: str) -> Any:
        play = real(info, frontier)

        def slow(s: Any, rng: Any, max_moves: Any) -> Any:
            now[0] += seconds
            played[0] += 1
            return play(s, rng, max_moves)
        return slow

    monkeypatch.setattr(open_hand, "playout_of", playout_of)
    monkeypatch.setattr(open_hand.time, "perf_counter", lambda: now[0])
    return now, played


def test_the_search_sees_the_time_before_every_playout(monkeypatch: Any) -> None:
    """A playout may take far longer than a node (a long game played out in Python, a first playout
    that loads the compiled code): the time was looked at every 1,024 nodes only, so a first
    iteration of slow playouts ran on far past the budget (a five-player Foolery answer with --time
    0.1 took seconds). Now the time is looked at before every playout: with playouts of 10 s each
    and a budget of 5 s, the search stops after the first one."""
    state = small_position("durak", 3, 2, cards=9)
    _now, played = _slow_playouts(monkeypatch, 10.0)
    with pytest.raises(SearchLimit):
        solve_world(games.get("durak"), state, Budget(seconds=5.0, playouts=8))
    assert played[0] == 1


def test_a_first_pass_answers_where_the_time_cuts_the_first_iteration_short(monkeypatch: Any) -> None:
    """solve_world(first_pass=True), what foolsolve POSITION.json asks under a time alone: every
    move valued by one playout, within the time; the first iteration the time cuts short leaves that
    answer, and no iteration is searched past the time. No playout is played outside the time
    (the compiled playouts load in a thread of their own) unless the time runs out during the first
    pass itself: then that pass, one playout a move, is finished past it and answers."""
    info = games.get("durak")
    state = small_position("durak", 3, 2, cards=9)
    moves = len(info.spec.legal_moves(state))
    full = solve_world(info, state, Budget(max_depth=1, playouts=1))  # one playout a move, no clock
    _now, played = _slow_playouts(monkeypatch, 1.0)
    budget = Budget(seconds=moves + 0.5, playouts=8)
    answer = solve_world(info, state, budget, first_pass=True)
    assert answer.one_playout and answer.depth == 1
    assert answer.values == full.values  # the first pass's own seed: the answer of one playout a move
    assert "(1 playout, seed 0)" in answer.method
    # the first pass and the one playout of the first iteration the time allowed, within a playout of the time
    assert played[0] == moves + 1 and _now[0] <= budget.seconds + 1
    # the same search, the time running out during the first pass: the pass is finished past it, one
    # playout a move and no iteration after it, the answer of one playout a move with a note saying so
    played[0] = 0
    late = solve_world(info, state, Budget(seconds=0.5, playouts=8), first_pass=True)
    assert late.one_playout and late.depth == 1 and late.values == full.values
    assert played[0] == 1 + moves  # the playout the time stopped, then the pass again in full
    assert any(n.startswith("the time ran out before every move had its playout: that pass finished past the "
                            "time, ") for n in late.notes), late.notes


def test_the_open_hand_search_gets_what_is_left_of_the_time_however_little(monkeypatch: Any) -> None:
    """foolsolve POSITION.json gave the open-hand search at least 1 s, whatever --time said (a
    three-player Durak deal with --time 0.1 took 1 s): it gets what is left of --time, however
    little (the exact solver refuses this position at once)."""
    from foolsolve.solver import open_hand

    info = games.get("durak")
    state = small_position("durak", 3, 2, cards=9)
    given: list[float | None] = []

    class Given(Exception):
        pass

    def answer(info: Any, state: Any, extra: Any, max_nodes: Any, seconds: float | None, *rest: Any) -> Any:
        given.append(seconds)
        raise Given

    monkeypatch.setattr(open_hand, "answer_for_cli", answer)
    with pytest.raises(Given):
        open_hand.solve_or_answer(info, state, {}, None, None, 0.1, None)
    assert len(given) == 1 and given[0] is not None and 0 <= given[0] <= 0.1


@pytest.mark.parametrize("example", ["durak-midbout.json", "fools-paradise-three-players-unknown-stock.json"])
@pytest.mark.parametrize("budget", [3_001, 10_007])
def test_the_node_budget_is_never_exceeded(example: str, budget: int) -> None:
    """A search out of nodes stops before it counts a node past ``max_nodes``: a playout is played no
    further than the room left in the budget."""
    from foolsolve.cli import load_position
    from foolsolve.worlds import View

    info, state = load_position(str(Path(__file__).resolve().parents[2] / "foolsolve" / "examples" / example),
                                views=True)
    world = state.worlds().first() if isinstance(state, View) else state
    answer = solve_world(info, world, Budget(max_nodes=budget))
    assert answer.nodes <= budget and not answer.exact, answer.nodes


def test_a_move_the_exact_solve_proved_outside_the_searchs_sample_joins_the_table() -> None:
    """At a turn of thousands of Fools and Angels attacks the open-hand search weighs a sample of 64;
    a stopped exact solve had proved 21 attacks, all outside it: the note named them and the table
    did not. A move proved exactly joins the values with its proved value (and may be best)."""
    from foolsolve.solver.open_hand import with_proofs

    info, state, answer = _estimate(0)
    answer.values = {"attack 9♦": Fraction(1, 2), "attack 6♥": Fraction(1, 4)}  # (as if K♥ were not weighed)
    partial = _partial([("attack K♥", "win")], [])
    merged, note = with_proofs(info, state, answer, partial)
    assert merged.values == {"attack 9♦": Fraction(1, 2), "attack 6♥": Fraction(1, 4), "attack K♥": 1}
    assert merged.value == 1 and merged.best == ["attack K♥"]
    assert note == ("the exact solver's proofs replace the estimates (1 move the search did not weigh added with "
                    "the values proved); the best moves follow from both")
