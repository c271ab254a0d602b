"""Fool's Paradise answers from one seat: the payoff range a position allows (what intervals are
cut to and IS-MCTS normalises with), IS-MCTS on a game of scores, and the game's own budget for a
world's search (one ply and greedy playouts while the draw pile has cards)."""

import json
import math
import random
from dataclasses import replace

from foolsolve import bots, games, seat
from foolsolve.bots.seat_bots import preferred
from foolsolve.game import CHANCE
from foolsolve.rules import rules_to_json
from foolsolve.solver.open_hand import SOLVER_METHOD
from foolsolve.spec.fools_paradise import SPEC
from foolsolve.worlds import read_view, view_of, worlds_of_view
from tests.generic.test_seat_cli import EXAMPLES

INFO = games.get("fools-paradise")


def test_no_game_played_on_ends_above_the_payoff_range_of_any_position_on_the_way():
    """``payoff_range``: 0 to the best score so far plus the uncollected cards' points and a clear
    for each card still to play (and the last sweep); seeded whole games with 2-5 players, one and
    two decks, the range of every position on the way holds every final score."""
    rng = random.Random(3)
    for game in range(24):
        rules = SPEC.rules_cls(**({"decks": 2} if game % 3 == 0 else {}))
        state = SPEC.deal(rules, 2 + game % 4, rng)
        ranges = []
        while not SPEC.is_terminal(state):
            ranges.append(SPEC.payoff_range(state))
            moves = SPEC.legal_moves(state)
            state = SPEC.apply(state, rng.choice(moves))
        final = SPEC.result(state).payoffs
        assert all(lo <= float(p) <= hi for lo, hi in ranges for p in final)
        assert ranges[0][1] < 10_000  # far tighter than the game's utility_bounds


def test_ismcts_tells_moves_apart_in_a_game_of_scores():
    """UCT normalised a few points' difference by the game's bounds (0 to 10,000): every move of the
    bundled view got the same visits (180-184 of 2,000). Normalised by the payoffs reached, the
    visits follow the means: the most visited move has the best mean, and at least 1.5x the visits
    of the least visited."""
    view = read_view(json.loads((EXAMPLES / "views" / "fools-paradise.json").read_text()))
    answer = seat.ismcts(INFO, worlds_of_view(view), seat.Settings(method="ismcts", samples=600, seed=1))
    visits = {m.move: m.worlds for m in answer.moves}
    means = {m.move: m.mean for m in answer.moves}
    most = max(visits, key=lambda m: visits[m])
    assert means[most] == max(means.values())
    assert visits[most] >= 1.5 * min(visits.values())


def test_worlds_with_cards_in_the_draw_pile_are_valued_one_ply_deep_by_greedy_games():
    """The game's rule (``GameInfo.seat_search``): while the draw pile has cards a world's
    depth-limited search has 1 node, so every world is valued by one ply and greedy playouts
    (``frontier=greedy``); once the pile is empty the default budget and random playouts stay, and
    a budget the caller gave is kept."""
    rule = INFO.seat_search[0]
    assert (rule.nodes, rule.frontier, rule.deepens) == (1, "greedy", False)
    rng = random.Random(4)
    state = SPEC.deal(SPEC.rules_cls(), 2, rng)
    settled = seat.for_world(INFO, seat.Budget(), state)
    assert (settled.search_nodes, settled.frontier) == (1, "greedy")
    value = seat.evaluate_world(INFO, state, 0, seat.Budget(), 1)
    assert not value.exact and value.method.startswith("depth-1 search, 4 greedy playouts per move")
    assert set(value.values) == {str(m) for m in SPEC.legal_moves(state)}
    assert seat.for_world(INFO, seat.Budget(search_nodes=900, frontier="random"), state).search_nodes == 900
    view = read_view(view_of(INFO, state, 0), check=False)
    answer = seat.analyse(INFO, worlds_of_view(view), seat.Settings(method="pimc", samples=2, seconds=None))
    assert answer.method_text.endswith("the depth-limited search 1 node and greedy playouts while the draw pile has "
                                       "cards)"), answer.method_text
    while state.stock:
        state = SPEC.apply(state, rng.choice(SPEC.legal_moves(state)))
    assert seat.rule_for(INFO, seat.Budget(), state) is None
    assert seat.for_world(INFO, seat.Budget(), state) == replace(seat.Budget(), frontier="random")


def _answer(best: str, paired: dict[str, tuple[float, float, float]]) -> seat.SeatAnswer:
    """An answer whose moves other than ``best`` have the plain paired intervals ``paired`` (mean, low,
    high) and, as their interval behind the best (Hsu's), one that tells none of them apart."""
    moves = [seat.MoveStat(best, 10.0, 5.0, 15.0, 4)]
    for m, d in paired.items():
        stat = seat.MoveStat(m, 10.0 - d[0], 5.0, 15.0, 4, (d[0], -1.0, 20.0))
        stat.paired = (d[1], d[2])
        moves.append(stat)
    return seat.SeatAnswer(game="fools-paradise", player=0, to_move=0, method="pimc", method_text="", scale="",
                           moves=moves, best=[best], worlds=4, worlds_exact=0, consistent_worlds=None, seed=0,
                           seconds=0.0)


def test_prefer_greedy_keeps_the_greedy_move_unless_the_worlds_put_the_best_ahead_of_it():
    """``pimc:prefer=greedy`` (:func:`preferred`): greedy's move where it is best or the plain paired
    test does not put the best ahead of it (its paired interval reaches 0, or there is none: one
    world); the best move where that interval lies above 0, whatever the answer's own comparisons
    with the best (Hsu's, here telling no move apart) say: the rule its arena figures were measured with."""
    answer = _answer("a", {"b": (5.0, 1.0, 9.0), "c": (3.0, -1.0, 7.0), "d": (2.0, 0.0, 4.0),
                           "e": (2.0, math.nan, math.nan)})
    assert answer.close_to_best() == ["b", "c", "d", "e"]
    assert preferred(answer, "a") == "a"
    assert preferred(answer, "b") == "a"
    assert preferred(answer, "c") == "c"
    assert preferred(answer, "d") == "d"
    assert preferred(answer, "e") == "e"


def _seat_where_one_world_disagrees_with_greedy() -> bots.Seat:
    rng = random.Random(1)
    state = SPEC.deal(SPEC.rules_cls(), 3, rng)
    for _ in range(rng.randrange(3, 12)):
        state = SPEC.apply(state, rng.choice(SPEC.legal_moves(state)))
        while SPEC.to_move(state) == CHANCE:
            state = SPEC.apply(state, rng.choice(SPEC.legal_moves(state)))
    p = SPEC.to_move(state)
    return bots.Seat(game=INFO.name, player=p, players=3, rules=rules_to_json(state.rules),
                     view=view_of(INFO, state, p), legal=tuple(SPEC.legal_moves(state)), seed=1)


def test_pimc_in_fools_paradise_plays_greedys_move_where_one_world_says_otherwise():
    """Fool's Paradise declares ``pimc_prefers_greedy``: over one world (every paired interval
    unbounded) ``pimc`` plays the ``greedy`` bot's move, where ``prefer=best`` plays that world's best,
    another move."""
    assert INFO.pimc_prefers_greedy and not games.get("durak").pimc_prefers_greedy
    seat_ = _seat_where_one_world_disagrees_with_greedy()
    greedy = bots.make("greedy").choose(seat_)
    assert bots.make("pimc:samples=1,prefer=best").choose(seat_) != greedy
    assert bots.make("pimc:samples=1").choose(seat_) == greedy
    assert bots.make("pimc:samples=1,prefer=greedy").choose(seat_) == greedy


def _endgame_view(player: int = 2) -> dict:
    """Player ``player``'s view of a three-player endgame (the draw pile empty): the two other hands
    hidden, their cards known together, so six worlds."""
    from tests.fools_paradise.helpers import position

    state = position(["5D QD", "6S 5C", "8H KC"], "9C 10C 8C", to_move=2)
    return view_of(INFO, state, player)


def test_a_world_with_the_draw_pile_empty_is_valued_by_the_exact_solver_as_a_search_over_the_spec():
    """Each world of an endgame view goes to the game's exact solver (``GameInfo.paranoid_options``:
    player P's own final score, the others minimising it): every move's value equals an exhaustive
    paranoid search over the spec, and the world is counted as the solver's."""
    from foolsolve.solver import minimax

    for player in (2, 0):
        worlds = worlds_of_view(read_view(_endgame_view(player)))
        for i in range(4):
            world = worlds.sample(random.Random(i))
            got = seat.evaluate_world(INFO, world, player, seat.Budget(), seat.world_seed(INFO, world))
            assert got.exact and got.method == SOLVER_METHOD, (player, i)  # the exact solver's, not the search's
            want = {m: float(v) for m, v in minimax.open_hand_values(SPEC, world, player, "paranoid").items()}
            assert got.values == want
            pick = max if world.to_move == player else min  # another player to move: the move the others pick
            assert got.value == pick(want.values())


def test_an_endgame_view_is_answered_exactly_by_the_solver_in_every_world():
    """The exact expectation over the view's six worlds names the exact solver for every one of them,
    and its values are the mean of each world's paranoid values over the spec."""
    from foolsolve.solver import minimax

    view = read_view(_endgame_view())
    worlds = worlds_of_view(view)
    answer = seat.analyse(INFO, worlds, seat.Settings(seconds=None))
    assert answer.method == "exact" and answer.all_exact
    assert "(6 by the exact open-hand solver)" in answer.method_text
    every = list(worlds.enumerate())
    assert len(every) == 6
    means = {m.move: m.mean for m in answer.moves}
    for move, mean in means.items():
        want = sum(minimax.open_hand_values(SPEC, w, 2, "paranoid")[move] for w in every) / len(every)
        assert math.isclose(mean, want), move
