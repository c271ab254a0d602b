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
from foolsolve.game import SpecGame, search_moves  # noqa: E402
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


def _canonical(obj) -> str:
    return json.dumps(obj, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def _decoded(text: str) -> tuple[str, list[str]]:
    """An information-state string read back: its rules (canonical JSON) and its entries, every view
    whole (the first is written whole, each later one as the changes from the view before it:
    ``[path, value]`` sets, ``[path]`` removes) and the "move ..." entries as written."""
    head, *entries = text.split(" | ")
    rules = head.split(" rules ", 1)[1]
    out: list[str] = []
    view = None
    for entry in entries:
        if entry.startswith("move "):
            out.append(entry)
            continue
        if view is None:
            assert not entry.startswith("+")
            view = json.loads(entry)
        else:
            assert entry.startswith("+"), entry[:80]
            for change in json.loads(entry[1:]):
                *where, last = change[0]
                target = view
                for key in where:
                    target = target[key]
                if len(change) == 2:
                    target[last] = change[1]
                else:
                    del target[last]
        out.append(_canonical(view))
    return rules, out


class _Recall:
    """Each player's information state rebuilt from the public API as the game goes: the rules once,
    then every view (``observation_string`` without its rules) that differs from the entry before
    it, and "move ..." after each of her own moves; "dealing" while a deal is played out as chance
    nodes. The information-state string is read back (:func:`_decoded`) and compared with it entry by
    entry, so the string holds every view (two records that differ give different strings)."""

    def __init__(self, players: int) -> None:
        self.seen: list[list[str]] = [[] for _ in range(players)]
        self.rules: list[str | None] = [None] * players

    def observe(self, state) -> None:
        for p, seen in enumerate(self.seen):
            view = state.observation_string(p).removeprefix(f"p{p} ")
            if view == "dealing":
                continue
            obj = json.loads(view)
            self.rules[p] = _canonical(obj.pop("rules"))
            view = _canonical(obj)
            if not seen or seen[-1] != view:
                seen.append(view)

    def check(self, state) -> None:
        self.observe(state)
        for p, seen in enumerate(self.seen):
            dealing = state.observation_string(p) == f"p{p} dealing"
            text = state.information_state_string(p)
            if dealing:
                assert text == f"p{p} dealing"
                continue
            assert text.startswith(f"p{p} rules ")
            assert _decoded(text) == (self.rules[p], seen), (p, len(seen))
            assert text.count('"rules"') == 0

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


# --- observers, tensors, serialization, illegal actions, resampling, game strings ---------------------------


def _played(game: str, seed: int, moves: int, **params):
    """A state of ``game`` after its deal and ``moves`` random moves (fewer where it ends first)."""
    g = fo.load(game, **params)
    state, rng = g.new_initial_state(), random.Random(seed)
    while not state.is_terminal() and (state.is_chance_node() or moves > 0):
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            moves -= 1
    return g, state


def _leaves(obj) -> set[str]:
    """Every string in a JSON value (cards among them)."""
    if isinstance(obj, str):
        return {obj}
    if isinstance(obj, dict):
        return set().union(*map(_leaves, obj.values())) if obj else set()
    if isinstance(obj, list):
        return set().union(*map(_leaves, obj)) if obj else set()
    return set()


def _observer(game, recall: bool, private):
    from open_spiel.python.observation import make_observation

    return make_observation(game, pyspiel.IIGObservationType(perfect_recall=recall, public_info=True,
                                                             private_info=private))


@pytest.mark.parametrize("game", [info.name for info in games.all_games()])
def test_the_public_observation_is_every_player_s_and_shows_no_card_hidden_from_one(game):
    """Public information (private_info=NONE): one string for every player, with no card that some
    player does not see; ALL_PLAYERS: the whole position."""
    players = 3 if games.get(game).spec.max_players >= 3 else 2
    g = fo.load(game, players=players)
    public = _observer(g, False, pyspiel.PrivateInfoType.NONE)
    whole = _observer(g, False, pyspiel.PrivateInfoType.ALL_PLAYERS)
    assert {public.string_from(g.new_initial_state(), p) for p in range(players)} == {"public dealing"}
    hidden = set()
    for moves in (0, 12):
        _, state = _played(game, 5, moves, players=players)
        texts = {public.string_from(state, p) for p in range(players)}
        assert len(texts) == 1
        shown = _leaves(json.loads(texts.pop().removeprefix("public ")))
        seen = [_leaves(json.loads(state.observation_string(p).removeprefix(f"p{p} "))) for p in range(players)]
        private = set().union(*(seen[p] - seen[q] for p in range(players) for q in range(players)))
        assert not shown & private
        hidden |= private
        assert {whole.string_from(state, p) for p in range(players)} == {str(state)}
    assert hidden  # (some card was hidden from some player)


@pytest.mark.parametrize("recall, public, private", [
    (True, True, "NONE"), (True, True, "ALL_PLAYERS"), (False, False, "SINGLE_PLAYER"), (False, False, "NONE"),
])
def test_an_observation_type_the_bridge_does_not_give_is_refused(recall, public, private):
    from open_spiel.python.observation import make_observation

    kind = pyspiel.IIGObservationType(perfect_recall=recall, public_info=public,
                                      private_info=getattr(pyspiel.PrivateInfoType, private))
    with pytest.raises(ValueError, match=rf"^observation type not supported \(perfect_recall={recall}, "
                                         rf"public_info={public}, private_info={private}\): "):
        make_observation(fo.load("durak"), kind)


def _tensor(observer, state, player):
    observer.set_from(state, player)
    return observer.tensor.copy()


@pytest.mark.parametrize("game", [info.name for info in games.all_games()])
def test_a_tensor_holds_what_its_view_holds_and_no_hidden_card(game):
    """Observation tensors (the player's, the public one, the whole position's): of the game's fixed
    size at every state; a player's tensor unchanged in worlds she cannot tell from the real one (every
    hidden card moved: the seat sampler's draws) while the whole position's changes in some, and the
    public one the same for every player and in every such world; her tensor changes in some world
    another player cannot tell from the real one (her own cards moved); different players' tensors differ."""
    players = 3 if games.get(game).spec.max_players >= 3 else 2
    g, state = _played(game, 2, 8, players=players)
    assert not state.is_terminal()
    size = g.observation_tensor_size()
    assert g.observation_tensor_shape() == [size]
    assert g.get_type().provides_observation_tensor and not g.get_type().provides_information_state_tensor
    public = _observer(g, False, pyspiel.PrivateInfoType.NONE)
    whole = _observer(g, False, pyspiel.PrivateInfoType.ALL_PLAYERS)
    mine = [state.observation_tensor(p) for p in range(players)]
    assert all(len(t) == size for t in mine) and len({tuple(t) for t in mine}) == players
    shared = _tensor(public, state, 0)
    assert all((_tensor(public, state, p) == shared).all() for p in range(players))
    for p in range(players):
        worlds = [state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0))
                  for seed in range(1, 7)]
        assert any(str(w) != str(state) for w in worlds)
        assert any((_tensor(whole, w, p) != _tensor(whole, state, p)).any() for w in worlds)
        for w in worlds:
            assert w.observation_tensor(p) == mine[p]
            assert (_tensor(public, w, p) == shared).all()
        # a world another player cannot tell from this one, with p's own cards moved: p's tensor sees it
        q = (p + 1) % players
        others = [state.resample_from_infostate(q, pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0))
                  for seed in range(1, 7)]
        assert any(w.observation_tensor(p) != mine[p] for w in others)
    first = g.new_initial_state()  # while the deal is played out: the observer's number only
    assert first.is_chance_node() and sum(first.observation_tensor(1)) == 1


def _swapped(info, state, player):
    """``state`` (a bridge state) with two cards swapped between two zones ``player`` does not see
    (another's hand, a stock, a pile), neither card shown anywhere in her observation string: the
    first such swap the game reads as a position; ``None`` where there is none."""
    import itertools

    spec = info.spec
    obj = spec.state_to_json(state.spec_state())
    shown = state.observation_string(player)
    places = []
    for key, field in spec.view_fields.items():
        value = obj.get(key)
        if field.per_player:
            places += [((key, q), v) for q, v in enumerate(value or ()) if q != player or not field.own_seen]
        else:
            places.append(((key,), value))
    cards = [(where, i, c) for where, zone in places if isinstance(zone, list)
             for i, c in enumerate(zone) if isinstance(c, str) and f'"{c}"' not in shown]
    for (w1, i1, c1), (w2, i2, c2) in itertools.combinations(cards, 2):
        if w1 == w2:
            continue
        moved = json.loads(json.dumps(obj))
        zone = {w: moved[w[0]] if len(w) == 1 else moved[w[0]][w[1]] for w in (w1, w2)}
        zone[w1][i1], zone[w2][i2] = c2, c1
        try:
            return state.drawn(spec.state_from_json(moved))
        except (InputError, ValueError):
            continue
    return None


@pytest.mark.parametrize("game", [info.name for info in games.all_games()])
def test_a_hidden_card_swapped_leaves_the_player_s_tensor_as_it_was(game):
    """Two cards the player does not see (in none of her observation string) swapped between two zones
    hidden from her: her observation string and tensor are unchanged, the whole position's tensor is
    not."""
    players = 3 if games.get(game).spec.max_players >= 3 else 2
    g, state = _played(game, 4, 6, players=players)
    whole = _observer(g, False, pyspiel.PrivateInfoType.ALL_PLAYERS)
    for p in range(players):
        other = _swapped(games.get(game), state, p)
        assert other is not None
        assert other.observation_string(p) == state.observation_string(p)
        assert other.observation_tensor(p) == state.observation_tensor(p)
        assert (_tensor(whole, other, p) != _tensor(whole, state, p)).any()


@pytest.mark.parametrize("game", [info.name for info in games.all_games()])
def test_every_field_of_a_view_is_in_the_tensor_or_left_out_by_name(game):
    """The layout covers every field the view-form objects of a whole random game hold (a field a game
    adds later fails here until its layout names it), and its named pieces sum to the tensor's size."""
    from foolsolve.openspiel_tensor import layout_of

    layout = layout_of(game)
    names = {piece.name for piece in layout.pieces}
    g, state = _played(game, 6, 0)
    rng, fields = random.Random(6), set()
    while not state.is_terminal():
        if not state.is_chance_node():
            for kind in ("player", "public", "whole"):
                fields |= set(state.view_form(kind, state.current_player()) or {})
        actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply_action(rng.choice(actions))
    assert fields - names - layout.unencoded == set()
    from open_spiel.python.observation import make_observation

    observer = make_observation(g)
    assert sum(v.size for v in observer.dict.values()) == g.observation_tensor_size()
    assert set(observer.dict) == names


def test_the_durak_tensor_pieces_read_as_the_position():
    """Named pieces of Durak's tensor hold what the position says: the trump one-hot, the observer's
    hand and the other hands' counts, the table's planes."""
    from open_spiel.python.observation import make_observation

    g, state = _played("durak", 3, 5, players=3)
    spec_state = state.spec_state()
    observer = make_observation(g)
    observer.set_from(state, 1)
    cards = [c.ascii for c in spec_state.rules.deck_cards.cards]
    pieces = observer.dict
    assert pieces["view"].tolist() == [0, 1, 0]
    assert pieces["trump"].tolist() == [float(s == spec_state.trump) for s in "CDHS"]
    hand = {c.ascii for c in spec_state.hands[1]}
    assert pieces["hands"][1, 1:].tolist() == [float(c in hand) for c in cards]
    assert pieces["hands"][:, 0].tolist() == [len(h) for h in spec_state.hands]
    for q in (0, 2):  # another's hand: its count, and no card but the ones known to lie there
        known = {c.ascii for c in spec_state.known[q]} if spec_state.known else set()
        assert {cards[i] for i in pieces["hands"][q, 1:].nonzero()[0]} <= known | {c.ascii for c in spec_state.shown}
    table = spec_state.table
    assert pieces["table"].sum() == len(table) + sum(c is not None for _, c in table)


def test_information_state_tensors_are_refused_by_name():
    g, state = _played("durak", 1, 2)
    for ask in (lambda: state.information_state_tensor(0), g.information_state_tensor_shape):
        with pytest.raises(ValueError, match="no information-state tensor"):
            ask()


def test_a_game_without_a_tensor_layout_gives_strings_only():
    import dataclasses

    info = dataclasses.replace(games.get("fools-paradise"), tensor_layout=None)
    game = type("NoLayout", (fo.FoolsolveGame,), {"info": info})({})
    assert not game.get_type().provides_observation_tensor
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(0)
    observer = game.make_py_observer()
    assert observer.tensor is None and observer.string_from(state, 0).startswith("p0 {")
    with pytest.raises(ValueError, match="has no tensor layout"):
        observer.set_from(state, 0)


def test_openspiel_rl_environment_and_q_learning_read_the_tensors():
    """OpenSpiel's RL environment (observation tensors, its default for a game without information-state
    tensors) with its tabular Q-learner for each player, a few episodes of two-player 36-card Durak:
    each time step's observation is the player's tensor."""
    from open_spiel.python import rl_environment
    from open_spiel.python.algorithms import tabular_qlearner

    g = fo.load("durak", players=2)
    env = rl_environment.Environment(g, seed=0)
    assert env.observation_spec()["info_state"] == (g.observation_tensor_size(),)
    agents = [tabular_qlearner.QLearner(player_id=p, num_actions=env.action_spec()["num_actions"]) for p in range(2)]
    for _ in range(3):
        step = env.reset()
        while not step.last():
            p = step.observations["current_player"]
            assert step.observations["info_state"][p] == env.get_state.observation_tensor(p)
            step = env.step([agents[p].step(step).action])
        for agent in agents:
            agent.step(step)
        assert sorted(step.rewards) == [-1.0, 1.0] or step.rewards == [0.0, 0.0]


def test_a_six_player_information_state_says_each_zone_once():
    """At the end of a seeded six-player 52-card Durak game every player's information-state string is
    under 60 KB (each view after the first written as its changes; written whole, each was over 160 KB)
    and reads back to every view of the game (:class:`_Recall`, asked at the end only)."""
    g = fo.load("durak", players=6, deck=52)
    state, recall = g.new_initial_state(), _Recall(6)
    recall.walk(state, random.Random(7), 10_000, ask=False)
    assert state.is_terminal()
    recall.check(state)
    assert max(len(state.information_state_string(p).encode()) for p in range(6)) < 60_000


def test_a_long_game_round_trips_through_pickle_and_game_strings():
    """A seeded six-player 52-card Durak game past 300 moves: the serialized state is its action
    history (replayed when read), its size not growing with the states before it."""
    import pickle

    g, state = _played("durak", 7, 330, players=6, deck=52)
    assert len(state.history()) > 300
    text = state.serialize()
    assert len(text.splitlines()[-1]) < 100  # the attributes' pickle: a marker, no position
    copies = [pickle.loads(pickle.dumps(state)), pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(g, state))[1], g.deserialize_state(text)]
    for copy in copies:
        assert str(copy) == str(state) and copy.history() == state.history()
        assert all(copy.information_state_string(p) == state.information_state_string(p) for p in range(6))


class _PickledRef:
    """A value of a state's attribute in a text whose pickle holds the position itself
    (``foolsolve.openspiel._Ref``, its one slot ``value``)."""

    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value


_PickledRef.__module__, _PickledRef.__qualname__ = "foolsolve.openspiel", "_Ref"


def _position_text(text: str, state, monkeypatch) -> str:
    """``text`` (``state.serialize()`` or ``serialize_game_and_state``) with the position in its pickle:
    the history and move number kept, the pickle of the state's attributes holding each of them
    (``setup``, ``ops``, ``script``, ``pending_draw``, then the position, the trail of moves and the
    legal moves in ``_Ref`` values) instead of a marker."""
    import base64
    import pickle

    core = state.core
    with monkeypatch.context() as m:  # pickled under the name the text reads
        m.setattr(fo, "_Ref", _PickledRef, raising=False)
        attributes = {"setup": core.setup, "ops": core.setup.ops, "script": core.script, "pending_draw": core.pending_draw,
                      "_state": _PickledRef(core.state), "_trail": _PickledRef(core.trail), "_moves": _PickledRef(None)}
        blob = base64.b64encode(pickle.dumps(attributes)).decode()
    head, marker = text.rsplit("\n__dict__=", 1)
    assert len(marker.strip()) < 100
    return f"{head}\n__dict__={blob}\n"


def test_a_text_whose_pickle_holds_the_position_is_read_by_replaying_its_history(monkeypatch):
    """A text whose pickle holds the position itself loads as the state its history
    replays to, mid-deal and mid-game, by either reader; one whose history does not replay is a
    one-line ValueError saying why it cannot be read."""
    g = fo.load("durak", players=3)
    dealing = g.new_initial_state()
    for action in (4, 0, 7):
        dealing.apply_action(action)
    _, playing = _played("durak", 4, 12, players=3)
    for state in (dealing, playing):
        texts = [_position_text(state.serialize(), state, monkeypatch),
                 _position_text(pyspiel.serialize_game_and_state(g, state), state, monkeypatch)]
        copies = [g.deserialize_state(texts[0]), pyspiel.deserialize_game_and_state(texts[1])[1]]
        for copy in copies:
            assert str(copy) == str(state) and copy.history() == state.history()
            assert copy.is_chance_node() == state.is_chance_node()
            assert (copy.chance_outcomes() if state.is_chance_node() else copy.legal_actions()) == (
                state.chance_outcomes() if state.is_chance_node() else state.legal_actions())
            assert all(copy.information_state_string(p) == state.information_state_string(p) for p in range(3))
            assert str(g.deserialize_state(copy.serialize())) == str(state)  # written again as a marker
    text = _position_text(playing.serialize(), playing, monkeypatch)
    bad = text.replace("history=", "history=-1:40,", 1)
    with pytest.raises(ValueError, match=r"^this text was written by an older foolsolve OpenSpiel bridge and cannot "
                                         r"be read: its action history does not replay \(outcome 40 is not legal here"):
        g.deserialize_state(bad)


def test_a_drawn_world_of_either_resampler_refuses_to_be_serialized(monkeypatch):
    """``resample_from_infostate`` and the resampler of :func:`foolsolve.openspiel.seat_ismcts` make
    their states by one function (``FoolsolveState.drawn``): each refuses to be serialized (its
    history does not lead to it) instead of being read back as the position its history replays to."""
    import pickle

    from open_spiel.python.algorithms import ismcts

    from foolsolve.worlds import worlds_from_state
    from tests.durak.test_seat import DOMINANT, _state

    made = []
    drawn = fo.FoolsolveState.drawn

    def counted(state, world):
        made.append(drawn(state, world))
        return made[-1]

    monkeypatch.setattr(fo.FoolsolveState, "drawn", counted)
    resampled = []
    set_resampler = ismcts.ISMCTSBot.set_resampler

    def kept(bot, fn):
        set_resampler(bot, lambda state, player: resampled.append(fn(state, player)) or resampled[-1])

    monkeypatch.setattr(ismcts.ISMCTSBot, "set_resampler", kept)
    durak = games.get("durak")
    fo.seat_ismcts(durak, worlds_from_state(durak, _state(DOMINANT), 1), simulations=3)
    _, state = _played("durak", 1, 4)
    worlds = [resampled[0], state.resample_from_infostate(state.current_player(),
                                                           pyspiel.UniformProbabilitySampler(1, 0.0, 1.0))]
    assert resampled and all(any(w is m for m in made) for w in worlds)
    for world in worlds:
        with pytest.raises(ValueError, match="cannot be serialized: its action history does not lead to it"):
            world.serialize()
        with pytest.raises(ValueError, match="cannot be serialized: its action history does not lead to it"):
            pickle.dumps(world)


def test_an_illegal_action_is_refused_and_leaves_the_state_as_it_was():
    g = fo.load("durak")
    deal = g.new_initial_state()  # the first draw: 36 outcomes
    for bad in (40, 36, -2):
        with pytest.raises(ValueError, match=rf"^outcome {bad} is not legal here: the legal outcomes are 0\.\.35$"):
            deal.apply_action(bad)
        with pytest.raises(ValueError, match=rf"^outcome {bad} is not legal here"):
            deal.action_to_string(pyspiel.PlayerId.CHANCE, bad)
    assert deal.history() == [] and len(deal.chance_outcomes()) == 36
    deal.apply_action(0)
    _, state = _played("durak", 1, 3)
    n, before, history = len(state.legal_actions()), str(state), state.history()
    for bad in (-2, n, 99):
        with pytest.raises(ValueError, match=rf"^action {bad} is not legal here: the legal actions are 0\.\.{n - 1}$"):
            state.apply_action(bad)
        with pytest.raises(ValueError, match=rf"^action {bad} is not legal here"):
            state.action_to_string(state.current_player(), bad)
    assert str(state) == before and state.history() == history
    _, over = _played("durak", 1, 10_000)
    assert over.is_terminal()
    with pytest.raises(ValueError, match="the game is over"):
        over.apply_action(0)


@pytest.mark.parametrize("game", [info.name for info in games.all_games()])
def test_a_resampled_state_is_one_the_player_cannot_tell_from_the_real_one(game):
    """resample_from_infostate: the player's information-state and observation strings kept, the
    world drawn from the sampler's seed (the same seed, the same world; some seed another), refused
    while the deal is played out."""
    players = 3 if games.get(game).spec.max_players >= 3 else 2
    g, state = _played(game, 2, 6, players=players)
    assert not state.is_terminal()
    with pytest.raises(ValueError, match="the deal is being played out"):
        g.new_initial_state().resample_from_infostate(0, pyspiel.UniformProbabilitySampler(1, 0.0, 1.0))
    for p in range(players):
        worlds = [state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0))
                  for seed in (1, 1, 2, 3, 4)]
        assert str(worlds[0]) == str(worlds[1])
        for w in worlds:
            assert w.information_state_string(p) == state.information_state_string(p)
            assert w.observation_string(p) == state.observation_string(p)
            assert w.legal_actions() == state.legal_actions() or w.current_player() != p
        assert len({str(w) for w in [*worlds, state]}) > 1
    _, dealt = _played(game, 3, 0, players=players)  # a new initial state's deal, no move yet
    mover = dealt.current_player()
    again = dealt.resample_from_infostate(mover, pyspiel.UniformProbabilitySampler(5, 0.0, 1.0))
    assert again.information_state_string(mover) == dealt.information_state_string(mover)
    with pytest.raises(ValueError, match="cannot be serialized"):
        again.serialize()


@pytest.mark.parametrize("game", [info.name for info in games.all_games()])
def test_openspiel_ismcts_plays_a_whole_game(game):
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    g = fo.load(game)
    rng = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(g, mcts.RandomRolloutEvaluator(1, rng), 2.0, 2, random_state=rng)
    bots = [bot, *(pyspiel.make_uniform_random_bot(p, p) for p in range(1, g.num_players()))]
    returns = pyspiel.evaluate_bots(g.new_initial_state(), bots, 0)
    assert len(returns) == g.num_players()


def test_a_table_written_with_commas_is_kept_as_a_game_string_holds_it():
    table = '[["1/2","1/4","1/4"],["1/3","1/3","1/3"],["1/3","1/3","1/3"]]'
    g = pyspiel.load_game("foolsolve_three_fools", {"roshambo": table})
    assert g.get_parameters()["roshambo"] == table.replace(",", ";")
    g2, _ = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(g, g.new_initial_state()))
    assert g2.get_parameters() == g.get_parameters() and g2.setup.rules == g.setup.rules
    assert [str(r) for r in g.setup.rules.roshambo[0]] == ["1/2", "1/4", "1/4"]


@pytest.mark.parametrize("name", ["a,b.json", "a=b.json", "a(b.json"])
def test_a_position_path_a_game_string_cannot_hold_is_refused(name, tmp_path):
    path = tmp_path / name
    path.write_text((EXAMPLES / "durak-endgame.json").read_text())
    with pytest.raises(InputError, match=r"^position: .* cannot be written in an OpenSpiel game string"):
        pyspiel.load_game("foolsolve_durak", {"position": str(path)})


def test_a_relative_position_is_read_back_from_another_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(EXAMPLES)
    g = pyspiel.load_game("foolsolve_durak", {"position": "durak-endgame.json"})
    assert g.get_parameters()["position"] == str(EXAMPLES / "durak-endgame.json")
    text = pyspiel.serialize_game_and_state(g, g.new_initial_state())
    monkeypatch.chdir(tmp_path)
    assert str(pyspiel.deserialize_game_and_state(text)[1]) == str(g.new_initial_state())


def test_another_game_s_position_is_named_as_such():
    with pytest.raises(InputError, match=r"^position: a foolery position, not durak$"):
        pyspiel.load_game("foolsolve_durak", {"position": str(EXAMPLES / "foolery-endgame.json")})


def test_resample_from_infostate_keeps_the_first_bouts_lowest_trump_with_its_leader():
    """Durak, two players, right after the deal (past any redeal phase): the first attacker was dealt
    the lowest trump dealt (001 §rules "The right of the first move in the first game belongs to the
    player who has a trump card of the lowest value"), so every world resampled from either seat
    keeps it: no hand but the attacker's holds a trump below the attacker's lowest, and every world
    reads back as a position."""
    from foolsolve.spec.durak import SPEC

    checked = 0
    for seed in range(40):
        _, state = _played("durak", seed, 0, players=2)
        spec = state.spec_state()
        if spec.redeal_seed is not None:
            continue
        for p in range(2):
            for i in range(1, 9):
                world = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(i, 0.0, 1.0)).spec_state()
                trumps = sorted((c.rank, q) for q, h in enumerate(world.hands) for c in h if c.suit == world.trump)
                assert (trumps[0][1] if trumps else 0) == world.attacker
                assert SPEC.state_from_json(SPEC.state_to_json(world)) == world
        checked += 1
        if checked == 6:
            break
    assert checked == 6


def _hiding_start(info, tmp_path, rng):
    """An OpenSpiel game of ``info`` whose play has moves some player does not see whole: Fools and
    Angels with the Exchange, a later round of Foolery (its exchange), Fool's Paradise with a stock of
    unknown order (each draw a chance outcome), Three Fools dealt; Durak dealt (every move seen whole)."""
    spec = info.spec
    players = 3 if spec.max_players >= 3 else 2
    if info.name == "fools-and-angels":
        return fo.load(info.name, exchange=True)
    if info.name == "foolery":
        position = spec.deal(spec.rules_cls(), 4, rng, previous=[2, 4, 1, 3])
    elif info.name == "fools-paradise":
        position = spec.deal(spec.rules_cls(), 3, rng)
    else:
        return fo.load(info.name, players=players)
    obj = spec.state_to_json(position)
    if info.name == "fools-paradise":
        obj["stock_size"] = len(obj.pop("stock"))
    path = tmp_path / f"{info.name}.json"
    path.write_text(json.dumps(obj))
    return fo.load(info.name, position=str(path))


@pytest.mark.parametrize("game", [info.name for info in games.all_games()])
def test_every_move_a_player_saw_alike_leaves_her_the_same_strings_and_tensor(game, tmp_path):
    """What the bridge hands a player after a move is a function of what she saw of it: at each state
    of seeded random games, the legal actions (at a chance node its outcomes) grouped by what player
    p sees of them (``SpecGame.public_move``, p not the mover), every action of a group leaves p the
    same observation and information-state strings and observation tensor, and every player the same
    public observation (tests/generic/test_view_leaks.py checks the views they are built from)."""
    info = games.get(game)
    spec = info.spec
    rng = random.Random(9)
    g = _hiding_start(info, tmp_path, rng)
    public = _observer(g, False, pyspiel.PrivateInfoType.NONE)
    compared = 0
    state, moves_left = g.new_initial_state(), 40
    while not state.is_terminal() and moves_left:
        if state.is_chance_node() and state.spec_state() is None:  # the deal, played out card by card
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
            continue
        moves_left -= 1
        here = state.spec_state()
        mover = state.current_player()
        listed = spec.chance_outcomes(here) if state.is_chance_node() else [(m, 1) for m in search_moves(spec, here)]
        by_text = {spec.move_text(m): m for m, _ in listed}
        moves = {a: by_text[state.action_to_string(mover, a)] for a in state.legal_actions()}
        for p in range(g.num_players()):
            if p == mover:
                continue
            groups: dict[str, list[int]] = {}
            for a, m in moves.items():
                groups.setdefault(spec.public_move(here, m, p), []).append(a)
            for group in groups.values():
                if len(group) < 2:
                    continue
                compared += 1
                seen = set()
                for a in rng.sample(group, min(3, len(group))):
                    after = state.child(a)
                    seen.add((after.observation_string(p), after.information_state_string(p),
                              tuple(after.observation_tensor(p)), public.string_from(after, p)))
                assert len(seen) == 1, (game, p, [state.action_to_string(mover, a) for a in group])
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert (compared > 0) == (type(spec).public_move is not SpecGame.public_move)  # Durak's every move is seen whole
