"""The OpenSpiel bridge (foolsolve.openspiel, extra ``foolsolve[openspiel]``): every registered game
passes OpenSpiel's own random simulation test (legal actions, chance outcomes, returns,
observation and information-state strings, serialization) under several rule options and
player counts and from positions; OpenSpiel's alpha-beta gives foolsolve's Durak values."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the OpenSpiel extra is not installed (pip install 'foolsolve[openspiel]')")

from open_spiel.python.algorithms import minimax  # noqa: E402

from foolsolve import games  # noqa: E402
from foolsolve import openspiel as fo  # noqa: E402
from foolsolve.errors import InputError  # noqa: E402
from foolsolve.solver.base import SolveOptions  # noqa: E402

EXAMPLES = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"
NAMES = fo.register_all()


def _random_params(info, seed: int) -> dict:
    """The parameters of one of the game's random whole-game starts (random rule options and player
    count, GameInfo.random_game), as OpenSpiel parameters."""
    from foolsolve.rules import options_of

    state = info.random_game(random.Random(seed))
    rules = info.spec.rules_of(state)
    params = {o.name: fo._param_default(getattr(rules, o.name)) for o in options_of(info.spec.rules_cls) if not o.fixed}
    # a parameter keeps its default's type (an option of two types, 1 or "unlimited", stays at its default's)
    kinds = {o.name: type(fo._param_default(o.default)) for o in options_of(info.spec.rules_cls)}
    return {"players": info.spec.num_players(state), **{k: v for k, v in params.items() if type(v) is kinds[k]}}


# (game, parameters) for every registered game: the defaults and two random option sets and player counts
SETS = [pytest.param(info.name, params, id=f"{info.name}-{'defaults' if not params else f'random{k}'}")
        for info in games.all_games()
        for k, params in enumerate(({}, *(_random_params(info, seed) for seed in (1, 2) if info.random_game is not None)))]


def test_every_registered_game_is_registered_with_openspiel():
    assert sorted(NAMES) == sorted(fo.openspiel_name(info) for info in games.all_games())
    for name in NAMES:
        assert name in pyspiel.registered_names()


@pytest.mark.parametrize("game,params", SETS)
def test_random_sim_test_passes(game, params):
    g = fo.load(game, **params)
    pyspiel.random_sim_test(g, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("example", sorted(p.name for p in EXAMPLES.glob("*.json")))
def test_random_sim_test_passes_from_every_example_position(example):
    obj = json.loads((EXAMPLES / example).read_text())
    g = fo.load(obj["game"], position=str(EXAMPLES / example))
    pyspiel.random_sim_test(g, num_sims=2, serialize=True, verbose=False)
    state = g.new_initial_state()
    assert state.spec_state() == games.get(obj["game"]).spec.state_from_json(obj)


class _Recall:
    """Each player's information state rebuilt from the public API as the game goes: every view
    (``observation_string``) that differs from the entry before it, and "move ..." after each of
    her own moves; "dealing" while a deal is played out as chance nodes."""

    def __init__(self, players: int) -> None:
        self.seen: list[list[str]] = [[] for _ in range(players)]

    def observe(self, state) -> None:
        for p, seen in enumerate(self.seen):
            view = state.observation_string(p).removeprefix(f"p{p} ")
            if view != "dealing" and (not seen or seen[-1] != view):
                seen.append(view)

    def check(self, state) -> None:
        self.observe(state)
        for p, seen in enumerate(self.seen):
            dealing = state.observation_string(p) == f"p{p} dealing"
            want = f"p{p} dealing" if dealing else f"p{p} " + " | ".join(seen)
            assert state.information_state_string(p) == want, (p, len(seen))

    def walk(self, state, rng: random.Random, steps: int, ask: bool = True) -> None:
        """Random moves (chance by its odds), asking every information state after each when ``ask``."""
        for _ in range(steps):
            if state.is_terminal():
                return
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                action = rng.choices(actions, probs)[0]
            else:
                action = rng.choice(state.legal_actions())
            self.observe(state)
            mover = state.current_player()
            if mover >= 0:
                self.seen[mover].append("move " + state.action_to_string(mover, action))
            state.apply_action(action)
            if ask:
                self.check(state)


@pytest.mark.parametrize("start", [*(info.name for info in games.all_games()), "durak-redeal.json"])
def test_an_information_state_is_every_view_and_own_move_in_order(start):
    """Perfect recall, against a record kept move by move: the bridge builds each player's record
    once a step and shares it between clones, so a clone that goes another way (and the state it
    was cloned from) must each still read their own line, and a state asked only at the end must
    read what asking at every step reads."""
    import copy

    if start.endswith(".json"):
        g = fo.load("durak", position=str(EXAMPLES / start))
    else:
        g = fo.load(start, players=3 if games.get(start).spec.max_players >= 3 else 2)
    state, recall = g.new_initial_state(), _Recall(g.num_players())
    recall.check(state)
    recall.walk(state, random.Random(3), 60)
    fork, fork_recall = state.clone(), copy.deepcopy(recall)
    recall.walk(state, random.Random(4), 40)
    fork_recall.walk(fork, random.Random(5), 40)
    recall.check(state)
    late, late_recall = g.new_initial_state(), _Recall(g.num_players())
    late_recall.walk(late, random.Random(3), 100, ask=False)
    late_recall.check(late)


def test_parameters_default_to_our_rules():
    for info in games.all_games():
        params = fo.default_params(info)
        g = fo.load(info.name)
        assert g.setup.rules == info.spec.rules_cls()
        assert g.get_parameters()["players"] == params["players"] == info.spec.min_players


@pytest.mark.parametrize("players, payoffs, bound", [(3, "titles", 2.0), (6, "places", 2.5), (7, "places", 3.0),
                                                     (7, "king_peasant", 1.0)])
def test_foolery_utilities_are_the_payoff_range_of_its_rules_and_players(players, payoffs, bound):
    # payoffs=places pays (n + 1) / 2 - place: +-5/2 with six players, +-3 with seven (the game
    # declared +-2 to OpenSpiel whatever the rules and players)
    g = fo.load("foolery", players=players, payoffs=payoffs)
    assert (g.min_utility(), g.max_utility()) == (-bound, bound)


@pytest.mark.parametrize("example", sorted(p.name for p in EXAMPLES.glob("*.json")
                                            if "view" not in json.loads(p.read_text())))
def test_a_game_from_a_position_reports_the_position_s_players_and_rules(example):
    """A position sets the players and the rules: ``get_parameters()`` gives the position's (a user
    trial found it giving the ``players=3`` asked while the game played the position's 2), the same
    value given is fine, and another is an error naming the parameter, never dropped silently."""
    from foolsolve.errors import InputError
    from foolsolve.rules import options_of

    obj = json.loads((EXAMPLES / example).read_text())
    info = games.get(obj["game"])
    path = str(EXAMPLES / example)
    g = fo.load(info.name, position=path)
    state = g.new_initial_state().spec_state()
    params = g.get_parameters()
    assert g.num_players() == params["players"] == info.spec.num_players(state)
    rules = info.spec.rules_of(state)
    assert fo._rules_from_params(info, params) == rules
    same = {o.name: params[o.name] for o in options_of(info.spec.rules_cls) if not o.fixed}
    again = fo.load(info.name, position=path, players=params["players"], **same)
    assert again.get_parameters() == params
    others = [n for n in range(info.spec.min_players, info.spec.max_players + 1) if n != params["players"]]
    if others:
        with pytest.raises(InputError, match=r"^players: the position .* has \d+, not \d+; leave players out"):
            fo.load(info.name, position=path, players=others[0])
        with pytest.raises(InputError, match=r"^players: "):  # through OpenSpiel's own loader too (not its default)
            pyspiel.load_game(fo.openspiel_name(info), {"position": path, "players": others[-1]})
    default = fo.default_params(info)
    for opt in options_of(info.spec.rules_cls):
        if opt.fixed:
            continue
        choices = [c for c in (opt.choices or ()) if fo._param_of(opt, c) != params[opt.name]
                   and type(fo._param_default(c)) is type(default[opt.name])]
        if not choices:
            continue
        with pytest.raises(InputError, match=rf"^{opt.name}: the position"):
            fo.load(info.name, position=path, **{opt.name: fo._param_default(choices[0])})


def test_a_rule_value_of_another_type_than_its_default_is_reported_and_round_trips(tmp_path):
    """Fools and Angels' ``regroup_max`` 1 (default ``"limit"``): a game string would read a bare 1
    as a number, of the wrong type, so the parameter is its JSON text in double quotes."""
    obj = json.loads((EXAMPLES / "fools-and-angels-endgame.json").read_text())
    obj["rules"] = {**obj.get("rules", {}), "regroup_max": 1}
    path = tmp_path / "regroup.json"
    path.write_text(json.dumps(obj))
    g = fo.load("fools-and-angels", position=str(path))
    assert g.get_parameters()["regroup_max"] == '"1"'
    assert g.new_initial_state().spec_state().rules.regroup_max == 1
    pyspiel.random_sim_test(g, num_sims=1, serialize=True, verbose=False)
    assert fo.load("fools-and-angels", position=str(path), regroup_max="1").get_parameters() == g.get_parameters()


def test_serialization_round_trips_mid_game():
    g = fo.load("durak", players=3)
    state = g.new_initial_state()
    rng = random.Random(5)
    while not state.is_terminal() and state.move_number() < 60:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    text = pyspiel.serialize_game_and_state(g, state)
    _, s2 = pyspiel.deserialize_game_and_state(text)
    assert str(s2) == str(state) and s2.history() == state.history()
    assert s2.information_state_string(1) == state.information_state_string(1)


def test_the_deal_is_exact_chance():
    """The 36-card shuffle is 35 chance nodes with 36, 35, ..., 2 equally likely outcomes."""
    g = fo.load("durak")
    state = g.new_initial_state()
    sizes = []
    while state.is_chance_node():
        outcomes = state.exact_chance_outcomes()
        assert len({p for _, p in outcomes}) == 1 and sum(p for _, p in outcomes) == 1
        sizes.append(len(outcomes))
        state.apply_action(0)
    assert sizes == list(range(36, 1, -1))
    assert state.current_player() == state.spec_state().to_move


def test_views_hide_what_our_views_hide():
    g = fo.load("durak", players=3)
    state = g.new_initial_state()
    while state.is_chance_node():
        state.apply_action(0)
    hands = [sorted(c.ascii for c in h) for h in state.spec_state().hands]
    for p in range(3):
        obs = state.observation_string(p)
        info = state.information_state_string(p)
        for q in range(3):
            for card in hands[q]:
                assert (f'"{card}"' in obs) == (q == p)
                assert (f'"{card}"' in info) == (q == p)
    # the analyst's view sees everything and is typed as perfect information
    g = fo.load("durak", players=3, open_hands=True)
    assert g.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION


def _endgame(k: int, seed: int) -> dict:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
    from bench_durak import endgame

    return endgame(k, random.Random(seed))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_openspiel_alpha_beta_agrees_with_the_durak_solver(seed, tmp_path):
    obj = _endgame(4, seed)
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(obj))
    g = fo.load("durak", position=str(path), open_hands=True)
    assert g.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    value, _ = minimax.alpha_beta_search(g, maximum_depth=10_000)
    info = games.get("durak")
    ours = info.solve(info.spec.state_from_json(obj), SolveOptions()).value
    assert {1.0: "win", 0.0: "draw", -1.0: "loss"}[value] == ours


def test_openspiel_mcts_plays_a_whole_game_against_a_random_bot():
    from open_spiel.python.algorithms import mcts

    g = fo.load("durak")
    rng = __import__("numpy").random.RandomState(3)
    bots = [mcts.MCTSBot(g, uct_c=2, max_simulations=5, evaluator=mcts.RandomRolloutEvaluator(1, rng),
                         random_state=rng),
            pyspiel.make_uniform_random_bot(1, 4)]
    returns = pyspiel.evaluate_bots(g.new_initial_state(), bots, 5)
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])


@pytest.mark.parametrize("params, message", [
    ({"players": 9}, r"^players: must be 2\.\.8, got 9$"),
    ({"players": 1}, r"^players: must be 2\.\.8, got 1$"),
    ({"variant": "nosuch"}, r"^rules\.variant: "),
    ({"deck": 35}, r"^rules\.deck: 35 is not one of"),
    ({"impl": "c"}, r'^impl: expected "engine" or "spec", got "c"$'),
])
def test_bad_parameters_are_refused_where_the_game_is_loaded(params, message):
    """pyspiel.load_game took players=9 (num_players() said 9), a rule value no rule has, or an
    unknown impl, and the error came only from new_initial_state(): the game's factory checks them,
    each a one-line InputError naming the parameter."""
    from foolsolve.errors import InputError

    with pytest.raises(InputError, match=message):
        pyspiel.load_game("foolsolve_durak", params)


@pytest.mark.parametrize(("params", "said"), [
    ({"streak_to_win": 10**30}, r"^rules\.streak_to_win: 1000000000000000000000000000000 is not one of 3 \| 4 \| 5$"),
    ({"streak_to_win": 2**31}, r"^rules\.streak_to_win: 2147483648 is not one of 3 \| 4 \| 5$"),
    ({"streak_to_win": -(2**63)}, r"^rules\.streak_to_win: -9223372036854775808 is not one of"),
    ({"streak_to_win": 10**5000}, r"^rules\.streak_to_win: a whole number of more than 300 digits is not one of"),
    ({"players": 10**30}, r"^players: 1000000000000000000000000000000 is out of the range of OpenSpiel's whole-number "
                          r"parameters \(-2,147,483,648 to 2,147,483,647\)$"),
    ({"streak_to_win": 3.0}, r"^streak_to_win: expected a whole number, got 3\.0$"),
    ({"open_hands": 1}, r"^open_hands: expected True or False, got 1$"),
    ({"nonsense": 1}, r"^nonsense: not a parameter of foolsolve_three_fools \(its parameters: .*streak_to_win\)$"),
])
def test_a_parameter_openspiel_cannot_hold_is_a_value_error_naming_it(params, said):
    with pytest.raises(ValueError, match=said) as caught:
        fo.load("three-fools", **params)
    assert isinstance(caught.value, InputError) and "\n" not in str(caught.value)


def test_a_numpy_whole_number_parameter_is_read_as_an_int():
    import numpy as np

    assert fo.load("durak", players=np.int64(3)).num_players() == 3
