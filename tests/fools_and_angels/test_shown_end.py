"""Ends of a Fools and Angels game that turn on the hand of the player to move (spec ``shown_end``):
003 "they must show their hand and forfeit the game" and "A player with only face cards in their
hand cannot attack, and loses when attacked". Such an end shows the hand, so a view that hides it is
of a game that did not end so: its worlds are the fillings of the hand that keep the game going
(docs/views.md, "A hidden hand that would end the game")."""

import json
import random
from collections import Counter

from scipy.stats import chisquare

from foolsolve import games
from foolsolve.errors import InputError
from foolsolve.rules import rules_from_json
from foolsolve.spec.fools_and_angels import FORFEIT, SPEC, Rules, shown_end
from foolsolve.worlds import Worlds, read_view, view_of
from tests.generic.test_cli import assert_one_line_error, run

INFO = games.get("fools-and-angels")
SIGNIFICANCE = 0.001

# player 1 to move, hand limit 2 (so she cannot draw): from player 0's seat, the pool cards JC QS KD 7C
# lie two in her hand, two in the pool; three of the six pairs are face cards only (a forfeit)
GOING_ON = {"game": "fools-and-angels", "rules": {"hand_limit": 2}, "phase": "turn", "to_move": 1,
            "hands": [["AS"], ["JC", "7C"]], "stocks": [["2S", "3S"], ["2H", "3H"]],
            "pool": ["QS", "KD"], "turns_done": 2}
# the same with her hand of face cards only: she forfeits as her turn opens
FORFEITED = {**GOING_ON, "hands": [["AS"], ["JC", "QS"]], "pool": ["7C", "KD"]}
# hand limit 1: from player 0's seat, JC and 7C lie one in player 1's hand, one in the pool
FORCED = {"game": "fools-and-angels", "rules": {"hand_limit": 1}, "phase": "turn", "to_move": 1,
          "hands": [["AS"], ["7C"]], "stocks": [["2S"], []], "pool": ["JC"], "turns_done": 2}


def _worlds(position, seat):
    return Worlds(read_view(json.loads(json.dumps(view_of(INFO, SPEC.state_from_json(position), seat)))))


def _key(state):
    return json.dumps(SPEC.state_to_json(state), sort_keys=True)


def _every_filling(worlds):
    """Every world of the view without the count rule (every card where it may lie), listed
    exhaustively: the second method the rule's worlds are checked against."""
    saved = SPEC.view_count_rule
    SPEC.view_count_rule = lambda view: None  # type: ignore[method-assign]
    try:
        plain = Worlds(read_view(json.loads(json.dumps(worlds.view.obj)), check=False))
        return list(plain.enumerate())
    finally:
        SPEC.view_count_rule = saved  # type: ignore[method-assign]


def test_a_full_position_whose_player_to_move_must_forfeit_is_over_on_reading(tmp_path, capsys):
    """003: the forfeit comes "at the start of their turn", so a position whose player to move holds
    only face cards and cannot draw is over (the result read from the rules), not refused."""
    state = SPEC.state_from_json(FORFEITED)
    res = SPEC.result(state)
    assert res is not None and res == shown_end(state)
    assert dict(res.details)["reason"] == FORFEIT
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(FORFEITED))
    code, out, err = run([str(path)], capsys)
    assert code == 0, err
    assert "game over: player 0 wins" in out


def test_a_view_of_a_forfeited_game_shows_the_hand():
    """003 "they must show their hand": the other seat's view lists it card by card, and reads the
    game as over."""
    view = view_of(INFO, SPEC.state_from_json(FORFEITED), 0)
    assert view["hands"][1] == ["JC", "QS"]
    worlds = Worlds(read_view(view))
    assert all(dict(SPEC.result(w).details)["reason"] == FORFEIT for w in worlds.enumerate())


def test_the_worlds_of_a_game_going_on_are_the_fillings_that_keep_it_going():
    """Player 0's view of GOING_ON: the stocks hold the unseen black and red cards (2S 3S, 2H 3H, each
    in 2 orders); JC QS KD 7C split two in the hand, two in the pool (in 2 orders): 4 * 6 * 2 = 48
    fillings, less the 24 whose hand is two face cards (a forfeit). The worlds listed are exactly the fillings without the rule
    (listed exhaustively) whose game is not over; the count says as many; every draw is one of
    them, each as often as the others (chi-square of 60 draws a world, rejected below SIGNIFICANCE,
    seeded). The old sampler drew a forfeited world about as often as a live one."""
    worlds = _worlds(GOING_ON, 0)
    plain = _every_filling(worlds)
    allowed = sorted(_key(w) for w in plain if SPEC.result(w) is None)
    assert len(allowed) < len(plain)  # (the view has fillings that end the game)
    listed = [_key(w) for w in worlds.enumerate()]
    assert sorted(listed) == allowed
    assert worlds.count() == len(listed) == 24
    draws = 60 * len(listed)
    rng = random.Random(20261202)
    seen = Counter(_key(worlds.sample(rng)) for _ in range(draws))
    assert set(seen) <= set(listed)
    assert chisquare([seen[k] for k in listed]).pvalue > SIGNIFICANCE


def test_a_defender_attacked_with_face_cards_only_is_no_world_of_a_game_going_on():
    """003 "loses when attacked": the attacker's view of a defence still to make has no world in
    which the defender holds only face cards (the listing checked against every filling)."""
    position = {"game": "fools-and-angels", "phase": "defend", "to_move": 1, "turns_done": 2,
                "hands": [["AS"], ["JC", "7C"]], "stocks": [["2S", "3S"], ["2H", "3H"]],
                "pool": ["QS", "KD"], "attack": ["4S"]}
    worlds = _worlds(position, 0)
    plain = _every_filling(worlds)
    assert any(SPEC.result(w) is not None for w in plain)
    listed = list(worlds.enumerate())
    assert sorted(map(_key, listed)) == sorted(_key(w) for w in plain if SPEC.result(w) is None)
    rng = random.Random(7)
    assert all(SPEC.result(worlds.sample(rng)) is None for _ in range(200))


def test_a_view_whose_only_live_filling_is_forced_gives_it():
    """Hand limit 1, player 1 to move holding one card of JC and 7C: JC would be a forfeit, so her
    hand is 7C and the pool JC in the one world (drawn every time, counted once)."""
    worlds = _worlds(FORCED, 0)
    assert worlds.count() == 1
    rng = random.Random(3)
    for _ in range(20):
        world = worlds.sample(rng)
        assert {c.ascii for c in world.hands[1]} == {"7C"}
        assert [c.ascii for c in world.pool] == ["JC"]
        assert SPEC.result(world) is None


def test_a_hidden_hand_that_must_end_the_game_is_a_one_line_error(tmp_path, capsys):
    """A hand-written view hiding a hand that can only be face cards with no draw (a game over whose
    hand would have been shown) has no world: a one-line error, exit 2."""
    view = view_of(INFO, SPEC.state_from_json({**FORCED, "hands": [["AS"], ["JC"]], "pool": ["7C"]}), 0)
    assert view["hands"][1] == ["JC"]  # (shown: the game is over)
    view["hands"][1] = {"count": 1}
    view["pool"] = {"count": 0}
    view["discard"] = [*view["discard"], "7C"]
    try:
        read_view(json.loads(json.dumps(view)))
    except InputError as exc:
        assert "did not end on it" in str(exc)
    else:
        raise AssertionError("read_view accepted the view")
    path = tmp_path / "view.json"
    path.write_text(json.dumps(view))
    assert_one_line_error(*run([str(path)], capsys)[::2], "did not end on it")


def test_no_sampled_world_of_a_game_going_on_is_over():
    """Views reached by random play (hand limits 1, 2 and 7; both seats; seeded): every world drawn
    from the view of a game not over is not over either. The old sampler drew over worlds in some of
    these views (the first: hand limit 1, seed 56, player 1's view)."""
    checked = 0
    for limit in (1, 2, 7):
        rules = rules_from_json(Rules, {"hand_limit": limit})
        for seed in range(80):
            rng = random.Random(seed)
            state = SPEC.deal(rules, 2, rng)
            for _ in range(rng.randrange(4, 60)):
                moves = SPEC.legal_moves(state)
                if not moves:
                    break
                state = SPEC.apply(state, rng.choice(moves))
            if SPEC.result(state) is not None:
                continue
            for seat in (0, 1):
                worlds = Worlds(read_view(json.loads(json.dumps(view_of(INFO, state, seat)))))
                checked += 1
                for _ in range(8):
                    world = worlds.sample(rng)
                    assert SPEC.result(world) is None, (limit, seed, seat, _key(world))
    assert checked > 200


def test_a_player_stuck_on_her_hidden_hand_is_no_world_under_no_legal_action_lose():
    """``no_legal_action: "lose"`` (a reconstruction), after an exchange (so no forfeit): player 1 at
    the hand limit of 1 holding JC could do nothing and loses; holding 7C she can attack. Every
    filling without the rule has both; player 0's view of the game going on has only 7C."""
    position = {"game": "fools-and-angels", "rules": {"hand_limit": 1, "exchange": True, "no_legal_action": "lose"},
                "phase": "turn", "to_move": 1, "hands": [["AS"], ["7C"]], "stocks": [["2S"], []], "pool": ["JC"],
                "turns_done": 2, "exchanged": True}
    stuck = SPEC.state_from_json({**position, "hands": [["AS"], ["JC"]], "pool": ["7C"]})
    assert SPEC.result(stuck) == shown_end(stuck) is not None
    assert view_of(INFO, stuck, 0)["hands"][1] == ["JC"]  # (shown: the game is over)
    worlds = _worlds(position, 0)
    plain = _every_filling(worlds)
    assert sorted(_key(w) for w in plain if SPEC.result(w) is None) == [_key(w) for w in worlds.enumerate()]
    assert len(plain) == 2 and worlds.count() == 1
    rng = random.Random(5)
    assert all({c.ascii for c in worlds.sample(rng).hands[1]} == {"7C"} for _ in range(10))
