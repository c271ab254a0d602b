"""Three Fools round odds and best responses, checked two independent ways: exact enumeration over
the spec (every deal of the unseen cards, every follower play, the spec's apply and chance
outcomes) on small positions, and a Monte Carlo simulation on a fresh round (Hoeffding bound)."""

from __future__ import annotations

import json
import math
import random
import re
import subprocess
import sys
from dataclasses import replace
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from foolsolve.cards import PILATCH45
from foolsolve.errors import InputError
from foolsolve.game import CHANCE
from foolsolve.solver.base import SolveOptions
from foolsolve.solver.three_fools.odds import best_response, method_text, parse_strategies, round_odds, solve
from foolsolve.spec.three_fools import (
    FLIP,
    PILATCH_SUITS,
    ROSHAMBO,
    SPEC,
    Flip,
    Follow,
    Lead,
    follower_order,
    roshambo_odds,
    round_winner,
    shown_cards,
)
from tests.three_fools.helpers import rounds_for

C = PILATCH45.parse


def small_position(hands: list[list[str]], known: list[list[str]], pool_in_piles: list[str], **fields) -> dict:
    """Every card is shown (in the history of rounds) except the cards of ``pool_in_piles``, the
    hands' cards not listed in ``known``, and the one or two other cards the rounds leave over (they
    reveal a multiple of three: ``odd`` of :func:`tests.three_fools.helpers.rounds_for`). The shown
    cards not in hands fill the piles. The history is one the rules allow (:func:`rounds_for`): a
    shown card in a hand was won by its holder and drawn back from her pile, so her pile holds only
    cards she collected after it (a pile is drawn from the top). The cards of ``pool_in_piles`` and
    the ones left over, never revealed, lie on top of the piles of the players with no shown card in
    hand (in turn); a viewer's own hand, which she sees whether it was shown or not, may be left out
    of ``known`` to make her pile one of them."""
    in_hands = {c for h in hands for c in h}
    unseen = (in_hands - {c for k in known for c in k}) | set(pool_in_piles)
    shown = [c.ascii for c in PILATCH45 if c.ascii not in unseen]
    held = [[c for c in known[p] if c in hands[p]] for p in range(3)]
    free = [c for c in shown if c not in in_hands]
    leader = fields.get("leader", 0)
    rules = fields.get("rules") or {}
    # (played under the side the position's binary card shows: its field, else the rules' start)
    binary = fields.get("binary", rules.get("binary_start", "down"))
    rounds, piles, streak, odd = rounds_for(held, free, leader, binary, rules.get("collect_order", "leader_first"))
    fresh = [p for p in range(3) if not held[p]]
    if (pool_in_piles or odd) and not fresh:
        raise ValueError("every player holds a shown card, so no pile holds a card never revealed")
    for i, c in enumerate([*pool_in_piles, *odd]):
        piles[fresh[i % len(fresh)]].insert(0, c)
    obj = {"game": "three-fools", "hands": hands, "piles": piles, "rounds": rounds, "streak": streak}
    obj.update(fields)
    return obj


SMALL = small_position(
    [["1R", "QP", "5S", "JoS"], ["2R", "9P", "7S", "AR"], ["KS", "3P", "10R", "4S"]],
    known=[[], ["2R", "9P"], ["KS", "3P"]],
    pool_in_piles=["8R"])
"""Leader 0 (the viewer); each follower has two seen and two unseen cards; 5 unseen cards. The
viewer's own cards were never shown (she sees them all the same): 8R lies on top of her pile."""


def _probs(strategy: dict | None, hand: frozenset, binary: str, declared: str) -> dict:
    """The strategy's definition, written again: weights per card, normalised over the hand."""
    cards = sorted(hand)
    row = (strategy or {}).get(f"{binary} {'RPS'['RPX'.index(declared)]}")
    if row:
        w = {c: Fraction(row.get(c.ascii, 0)) for c in cards}
        if sum(w.values()):
            return {c: v / sum(w.values()) for c, v in w.items() if v}
    return {c: Fraction(1, len(cards)) for c in cards}


def spec_reference(obj: dict, viewer: int, strategies: dict | None = None) -> dict[str, tuple[Fraction, Fraction]]:
    key = json.dumps([obj, viewer, strategies], sort_keys=True)
    if key not in _CACHE:
        _CACHE[key] = _spec_reference(obj, viewer, strategies)
    return _CACHE[key]


_CACHE: dict[str, dict[str, tuple[Fraction, Fraction]]] = {}


def _spec_reference(obj: dict, viewer: int, strategies: dict | None = None) -> dict[str, tuple[Fraction, Fraction]]:
    """Exact odds by brute force over the spec: every deal of the cards the viewer has not seen into
    the other hands' unseen places (pile contents do not change a round), every follower card, the
    spec's apply and its Roshambo chance outcomes."""
    strategies = strategies or {}
    base = SPEC.state_from_json(obj)
    shown = shown_cards(base)
    leader = base.leader
    known = [base.hands[p] if p == viewer else base.hands[p] & shown for p in range(3)]
    places = [len(base.hands[p]) - len(known[p]) for p in range(3)]
    pool = sorted(c for c in PILATCH45 if c not in shown and c not in base.hands[viewer])
    others = [p for p in range(3) if p != viewer]
    totals: dict[str, list[Fraction]] = {}
    a, b = others
    for sa in combinations(pool, places[a]):
        for sb in combinations([c for c in pool if c not in sa], places[b]):
            hands = [set(known[p]) for p in range(3)]
            hands[a] |= set(sa)
            hands[b] |= set(sb)
            left = [c for c in pool if c not in sa and c not in sb]
            piles = []
            for p in range(3):
                pile = []
                for c in base.piles[p]:
                    pile.append(c if c in shown else left.pop())
                piles.append(pile)
            for p in range(3):
                piles[p] += [left.pop() for _ in range(len(left))] if p == 2 else []
            s = replace(base, hands=tuple(frozenset(h) for h in hands), piles=tuple(tuple(p) for p in piles))
            for flip in (False, True):
                s1 = SPEC.apply(s, Flip(flip))
                for card in sorted(s.hands[leader]):
                    for d in PILATCH_SUITS:
                        s2 = SPEC.apply(s1, Lead(card, d))
                        win = pen = Fraction(0)
                        f1, f2 = follower_order(leader)
                        for x, px in _probs(strategies.get(str(f1)), s2.hands[f1], s1.binary, d).items():
                            s3 = SPEC.apply(s2, Follow(x))
                            for y, py in _probs(strategies.get(str(f2)), s3.hands[f2], s1.binary, d).items():
                                s4 = SPEC.apply(s3, Follow(y))
                                if s4.phase == ROSHAMBO:
                                    assert SPEC.to_move(s4) == CHANCE
                                    outcomes = SPEC.chance_outcomes(s4)
                                    ends = [(SPEC.apply(s4, m), pr) for m, pr in outcomes]
                                else:
                                    ends = [(s4, Fraction(1))]
                                for end, pr in ends:
                                    won = end.history[-1].winner == leader
                                    paid = end.max_hand[leader] < s.max_hand[leader]
                                    win += px * py * pr * won
                                    pen += px * py * pr * paid
                        key = f"{'flip' if flip else 'keep'}; lead {card.ascii} as {'RPS'['RPX'.index(d)]}"
                        t = totals.setdefault(key, [Fraction(0), Fraction(0), Fraction(0)])
                        t[0] += win
                        t[1] += pen
                        t[2] += 1
    return {k: (w / n, p / n) for k, (w, p, n) in totals.items()}


def _solver(obj: dict, viewer: int, strategies: dict | None = None) -> dict[str, tuple[Fraction, Fraction]]:
    odds = round_odds(SPEC.state_from_json(obj), viewer, parse_strategies(strategies))
    return {o.text: (o.win, o.penalty) for o in odds}


def test_round_odds_of_the_leader_equal_enumeration_over_the_spec():
    assert _solver(SMALL, 0) == spec_reference(SMALL, 0)


TABLE = {"1": {"down R": {"2R": 3, "AR": 1, "9P": 1}, "up P": {"9P": 0, "7S": 2}},
         "2": {"down S": {"KS": 1}, "up R": {"10R": 5, "3P": 1, "8R": 2}, "down P": {"4S": "1/2", "8R": 1}}}


def test_round_odds_with_strategy_tables_equal_enumeration_over_the_spec():
    assert _solver(SMALL, 0, TABLE) == spec_reference(SMALL, 0, TABLE)


def test_the_method_names_the_exact_expectation_the_followers_and_a_best_response():
    """The answer's Method: line: the exact expectation over the deals the viewer does not see, in
    closed form for uniform followers, enumerated for strategy tables; a best response is named."""
    state = SPEC.state_from_json(SMALL)
    plain = method_text(solve(state, SolveOptions()), {})
    assert plain.startswith("Three Fools round-odds solver: exact probabilities")
    assert "cards player 0 does not see" in plain and "uniformly at random over their hands (in closed form)" in plain
    extra = {"strategies": TABLE, "best_response": 1, "viewer": 0}
    tables = method_text(solve(state, SolveOptions(extra=extra)), extra)
    assert "strategy tables given (players 1 and 2;" in tables and "enumerated" in tables
    assert "player 1's best response to the leader's play (uniform)" in tables


def test_round_odds_from_a_followers_view_equal_enumeration_over_the_spec():
    """The viewer does not see the leader's hand: each choice is conditioned on the leader holding
    the card (the spec reference averages over the deals where she holds it)."""
    obj = small_position(
        [["1R", "QP", "5S", "JoS"], ["2R", "9P", "7S", "AR"], ["KS", "3P", "10R", "4S"]],
        known=[["1R", "QP"], [], ["KS", "3P"]], pool_in_piles=["8R"])
    got = _solver(obj, 1)
    want = spec_reference(obj, 1)
    assert got == want


def test_the_roshambo_table_enters_the_odds():
    # (player 2's hand never shown: the rounds reveal a multiple of three cards, and the two left over
    # lie on her pile, unseen)
    obj = small_position(
        [["1R", "QP", "5S", "JoS"], ["2R", "9P", "7S", "AR"], ["KS", "3P", "10R", "4S"]],
        known=[["1R", "QP"], ["2R", "9P", "7S", "AR"], []], pool_in_piles=[],
        rules={"roshambo": [["1/2", "1/4", "1/4"], ["1/4", "1/4", "1/2"], ["1/3", "1/3", "1/3"]]})
    got = _solver(obj, 1)
    assert got == spec_reference(obj, 1)
    uniform = _solver(dict(obj, rules={}), 1)
    assert any(got[k] != uniform[k] for k in got)


def test_the_best_choice_maximises_the_chance_of_winning_the_round():
    res = solve(SPEC.state_from_json(SMALL), SolveOptions())
    ref = spec_reference(SMALL, 0)
    top = max(w for w, _ in ref.values())
    assert res.best and all(ref[b][0] == top for b in res.best)
    assert all(ref[b][1] == min(p for w, p in ref.values() if w == top) for b in res.best)


def test_best_response_of_a_follower_beats_every_other_card_by_enumeration():
    """Player 1's best response to a uniform leader and a uniform player 2, checked over the spec: for
    each information set, the reference win chance of every card she holds."""
    obj = small_position(
        [["1R", "QP", "5S", "JoS"], ["2R", "9P", "7S", "AR"], ["KS", "3P", "10R", "4S"]],
        known=[["1R", "QP"], [], ["KS", "3P"]], pool_in_piles=["8R"])
    state = SPEC.state_from_json(obj)
    br = best_response(state, 1)
    # reference: enumerate the leader's and player 2's unseen cards; the leader uniform over choices
    shown = shown_cards(state)
    pool = sorted(c for c in PILATCH45 if c not in shown and c not in state.hands[1])
    known0, known2 = state.hands[0] & shown, state.hands[2] & shown
    for binary, declared, cond, best, _reach in br.rows:
        wins = {z: Fraction(0) for z in state.hands[1]}
        total = Fraction(0)
        for s0 in combinations(pool, 2):
            for s2 in combinations([c for c in pool if c not in s0], 2):
                h0, h2 = known0 | set(s0), known2 | set(s2)
                for c in h0:
                    for y in h2:
                        pr = Fraction(1, 16)
                        total += pr
                        for z in state.hands[1]:
                            w = round_winner((c, z, y), binary)
                            if w is None:
                                wins[z] += pr * roshambo_odds(state.rules, (0, 1, 2), state.leader)[1]
                            else:
                                wins[z] += pr * (w == 1)
        ref = {z: w / total for z, w in wins.items()}
        assert cond == ref, (binary, declared)
        assert all(ref[b] == max(ref.values()) for b in best)


def test_round_odds_agree_with_a_monte_carlo_simulation_on_a_fresh_round():
    """A fresh round (41 unseen cards: too many deals to enumerate) against simulation: deals drawn
    at random, followers' cards drawn uniformly, the winner by the spec's round_winner and Roshambo
    odds. Hoeffding: with n samples of a 0/1 outcome, |mean - p| >= eps with probability at most
    2 exp(-2 n eps^2); n = 20000, eps = 0.02 gives at most 2.3e-7 per choice."""
    from importlib import resources

    obj = json.loads(resources.files("foolsolve").joinpath("examples", "three-fools-first-round.json").read_text())
    state = SPEC.state_from_json(obj)
    odds = {o.text: o for o in round_odds(state)}
    leader = state.leader
    f1, f2 = follower_order(leader)
    pool = [c for c in PILATCH45 if c not in state.hands[leader]]
    rng = random.Random(2024)
    n, eps = 20_000, 0.02
    assert 2 * math.exp(-2 * n * eps * eps) < 3e-7
    hand = sorted(state.hands[leader])
    for key in (f"keep; lead {hand[0].ascii} as R", f"flip; lead {hand[-1].ascii} as P"):
        o = odds[key]
        binary = "down" if key.startswith("keep") else "up"
        wins = 0
        for _ in range(n):
            deal = rng.sample(pool, 8)
            x, y = rng.choice(deal[:4]), rng.choice(deal[4:])
            seats = [None, None, None]
            seats[leader], seats[f1], seats[f2] = o.card, x, y
            w = round_winner(tuple(seats), binary)
            if w is None:
                odds3 = roshambo_odds(state.rules, (0, 1, 2), state.leader)
                w = rng.choices([0, 1, 2], weights=[float(odds3[p]) for p in range(3)])[0]
            wins += w == leader
        assert abs(wins / n - float(o.win)) < eps, (key, wins / n, float(o.win))


def test_bad_solver_options_are_one_line_errors():
    state = SPEC.state_from_json(SMALL)
    with pytest.raises(InputError, match=r"option strategies\.7"):
        solve(state, SolveOptions(extra={"strategies": {"7": {}}}))
    with pytest.raises(InputError, match="option viewer"):
        solve(state, SolveOptions(extra={"viewer": 5}))
    with pytest.raises(InputError, match="option colour"):
        solve(state, SolveOptions(extra={"colour": 1}))
    with pytest.raises(InputError, match="option limit"):
        solve(state, SolveOptions(extra={"strategies": TABLE, "limit": 3}))


@pytest.mark.parametrize(("extra", "said"), [
    ({"best_response": 7}, "option best_response: 7 is not a seat"),  # it said 'option viewer: 7 is not a seat'
    ({"best_response": "1"}, 'option best_response: "1" is not a seat'),  # a value quoted as JSON
    ({"lying_cost": "x"}, "option lying_cost"),  # the next three: a bad value before "only with equilibrium"
    ({"lying_cost": -1}, "option lying_cost: expected a number at least 0"),
    ({"epsilon": -1}, "option epsilon: expected a number at least 0"),
    ({"leader_strategy": "x"}, "option leader_strategy"),  # ... and before "only with best_response"
    ({"leader_strategy": {"lead 3R": 1}}, "option leader_strategy"),
    ({"equilibrium": "yes"}, "option equilibrium"),
    ({"viewer": True}, "option viewer"),
])
def test_every_option_value_is_checked_whatever_the_other_options(extra, said):
    state = SPEC.state_from_json(SMALL)
    with pytest.raises(InputError, match=re.escape(said)):
        solve(state, SolveOptions(extra=extra))


def test_the_command_prints_the_round_odds(tmp_path):
    path = tmp_path / "p.json"
    path.write_text(json.dumps(SMALL))
    proc = subprocess.run([sys.executable, "-m", "foolsolve", str(path), "--json"], capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    ref = spec_reference(SMALL, 0)
    assert len(out["moves"]) == len(ref)
    assert out["value_kind"] == "odds"
    for m in out["moves"]:
        assert Fraction(m["value"]["win"]) == ref[m["move"]][0]
        assert m["value"]["win_float"] == float(ref[m["move"]][0])


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_round_odds_equal_enumeration_over_the_spec_on_random_small_positions(seed):
    """Random hands, a random leader and viewer, random seen and unseen cards (at most four unseen
    places and three unseen cards in the piles: one drawn, and those the rounds leave over),
    uniform followers or a random strategy table."""
    rng = random.Random(seed)
    deck = [c.ascii for c in PILATCH45]
    rng.shuffle(deck)
    hands = [deck[0:4], deck[4:8], deck[8:12]]
    viewer, leader = rng.randrange(3), rng.randrange(3)
    budget = 4
    known = []
    for p in range(3):
        if p == viewer:  # her own cards, never shown: an unseen card can lie on her pile
            known.append([])
            continue
        hide = rng.randint(0, min(2, budget))
        budget -= hide
        known.append(hands[p][hide:])
    pool = deck[12:12 + rng.randint(0, 1)]
    obj = small_position(hands, known, pool, leader=leader)
    strategies = None
    if rng.random() < 0.5:
        followers = [q for q in follower_order(leader)]
        strategies = {str(q): {f"{b} {s}": {c: rng.randint(0, 3) for c in rng.sample(deck[:13], 5)}
                               for b in ("up", "down") for s in "RPS" if rng.random() < 0.7} for q in followers
                      if q != viewer or rng.random() < 0.5}
    assert _solver(obj, viewer, strategies) == spec_reference(obj, viewer, strategies)


def _spec_round(state, hands: dict, flip: bool, card, declared: str, follows: dict) -> dict[int, Fraction]:
    """Each seat's chance of winning the round played over the spec from ``state`` with these hands:
    the leader flips or keeps and leads ``card`` as ``declared``, each follower plays her card of
    ``follows`` (in the spec's follower order), then the spec's Roshambo chance outcomes if any."""
    s = replace(state, hands=tuple(hands[p] for p in range(3)))
    if s.phase == FLIP:
        s = SPEC.apply(s, Flip(flip))
    s = SPEC.apply(s, Lead(card, declared))
    for q in follower_order(state.leader):
        s = SPEC.apply(s, Follow(follows[q]))
    ends = [(SPEC.apply(s, m), pr) for m, pr in SPEC.chance_outcomes(s)] if s.phase == ROSHAMBO else [(s, Fraction(1))]
    out = {p: Fraction(0) for p in range(3)}
    for end, pr in ends:
        out[end.history[-1].winner] += pr
    return out


def _best_response_reference(obj: dict, seat: int, leader_w, other_table: dict | None):
    """Brute force from ``seat``'s view: every joint deal of the leader's and the other follower's
    unseen cards, the leader's choice by weights ``leader_w(text)`` over her hand (uniform if all 0),
    the other follower's card by her table, each round played over the spec (:func:`_spec_round`:
    its apply and Roshambo chance outcomes, so every rule option in force)."""
    state = SPEC.state_from_json(obj)
    leader = state.leader
    other = next(q for q in follower_order(leader) if q != seat)
    shown = shown_cards(state)
    pool = sorted(c for c in PILATCH45 if c not in shown and c not in state.hands[seat])
    kl, kq = state.hands[leader] & shown, state.hands[other] & shown
    ul, uq = len(state.hands[leader]) - len(kl), len(state.hands[other]) - len(kq)
    wins: dict = {}
    reach: dict = {}
    deals = [(sl, sq) for sl in combinations(pool, ul) for sq in combinations([c for c in pool if c not in sl], uq)]
    for sl, sq in deals:
        lhand, qhand = sorted(kl | set(sl)), frozenset(kq | set(sq))
        choices = [(f, c, d) for f in (False, True) for c in lhand for d in PILATCH_SUITS]
        w = [Fraction(leader_w(f"{'flip' if f else 'keep'}; lead {c.ascii} as {'RPS'['RPX'.index(d)]}"))
             for f, c, d in choices]
        probs = [x / sum(w) for x in w] if sum(w) else [Fraction(1, len(w))] * len(w)
        for (f, c, d), pa in zip(choices, probs):
            binary = ("up" if state.binary == "down" else "down") if f else state.binary
            for y, py in _probs(other_table, qhand, binary, d).items():
                pr = Fraction(1, len(deals)) * pa * py
                key = (binary, d)
                reach[key] = reach.get(key, 0) + pr
                row = wins.setdefault(key, {z: Fraction(0) for z in state.hands[seat]})
                for z in state.hands[seat]:
                    hands = {leader: frozenset(lhand), other: qhand, seat: state.hands[seat]}
                    row[z] += pr * _spec_round(state, hands, f, c, d, {other: y, seat: z})[seat]
    return {k: {z: v / reach[k] for z, v in row.items()} for k, row in wins.items() if reach[k]}


BR_POSITION = small_position(
    [["1R", "QP", "5S", "JoS"], ["2R", "9P", "7S", "AR"], ["KS", "3P", "10R", "4S"]],
    known=[["1R", "QP", "5S"], [], ["KS", "3P"]], pool_in_piles=["8R"])
"""Player 1's view: one unseen card in the leader's hand, two in player 2's, two in the piles (8R and
the free card the rounds leave over, on player 1's own, whose cards were never shown)."""


@pytest.mark.parametrize("leader,other", [("table", None), ("uniform", "table"), ("table", "table"),
                                          ("truthful", None)])
def test_best_response_with_strategy_tables_equals_brute_force_over_deals(leader, other):
    leader_table = {"flip; lead 1R as P": 3, "keep; lead QP as P": 1, "keep; lead JoS as R": 2, "flip; lead 8R as S": 5}
    other_table = {"2": {"up P": {"KS": 2, "8R": 1}, "down R": {"3P": 1}, "up S": {"10R": 1, "4S": 3}}}
    weights = {"table": lambda t: leader_table.get(t, 0), "uniform": lambda t: 1,
               "truthful": lambda t: int(t.split()[-1] == t.split()[2][-1])}[leader]
    state = SPEC.state_from_json(BR_POSITION)
    strategy = {"table": leader_table, "uniform": "uniform", "truthful": "truthful"}[leader]
    br = best_response(state, 1, strategy, parse_strategies(other_table if other else None))
    ref = _best_response_reference(BR_POSITION, 1, weights, other_table["2"] if other else None)
    got = {(b, d): cond for b, d, cond, _best, _reach in br.rows}
    assert len(ref) >= 3 and got == ref
    if leader == "table":
        uniform = {(b, d): cond for b, d, cond, _b, _r in best_response(state, 1, "uniform").rows}
        assert any(uniform[k] != got[k] for k in got)


@pytest.mark.parametrize("fmt", ["all_at_once", "leader_bye"])
def test_best_response_follows_the_roshambo_format(fmt):
    """Under ``roshambo_format = "leader_bye"`` a follower wins a Roshambo with odds 1/4, not 1/3 (the
    bracket: the followers throw first, the winner meets the leader): the best response against
    rounds played over the spec under each format, and the two formats' answers differ."""
    obj = dict(BR_POSITION, rules={"roshambo_format": fmt})
    state = SPEC.state_from_json(obj)
    leader_table = {"flip; lead 1R as P": 3, "keep; lead QP as P": 1, "keep; lead JoS as R": 2, "flip; lead 8R as S": 5}
    got = {}
    for strategy, weights in (("uniform", lambda t: 1), (leader_table, lambda t: leader_table.get(t, 0))):
        br = best_response(state, 1, strategy)
        got[str(strategy)] = {(b, d): cond for b, d, cond, _best, _reach in br.rows}
        assert got[str(strategy)] == _best_response_reference(obj, 1, weights, None)
    other = SPEC.state_from_json(dict(BR_POSITION, rules={
        "roshambo_format": "all_at_once" if fmt == "leader_bye" else "leader_bye"}))
    assert {(b, d): cond for b, d, cond, _b, _r in best_response(other, 1).rows} != got["uniform"]


@pytest.mark.parametrize("viewer", [0, 1])
def test_round_odds_follow_the_roshambo_format(viewer):
    """The round odds under ``roshambo_format = "leader_bye"``, from the leader's view and a
    follower's, equal enumeration over the spec (its Roshambo chance outcomes: the bracket gives the
    leader 1/2), and differ from the all-at-once odds, which the solver gave under both formats
    (all_at_once against the spec: the tests above, on these positions)."""
    fmt = "leader_bye"
    known = [[], ["2R", "9P"], ["KS", "3P"]] if viewer == 0 else [["1R", "QP"], [], ["KS", "3P"]]
    hands = [["1R", "QP", "5S", "JoS"], ["2R", "9P", "7S", "AR"], ["KS", "3P", "10R", "4S"]]
    obj = small_position(hands, known=known, pool_in_piles=["8R"], rules={"roshambo_format": fmt})
    got = _solver(obj, viewer)
    assert got == spec_reference(obj, viewer)
    flipped = dict(obj, rules={"roshambo_format": "all_at_once" if fmt == "leader_bye" else "leader_bye"})
    assert _solver(flipped, viewer) != got


def test_once_the_binary_card_is_settled_the_odds_are_the_keep_rows():
    """Phase lead (the leader has flipped or kept): the choices are card and suit under the binary
    card as it lies, the same odds as keeping it in phase flip."""
    flip_phase = _solver(SMALL, 0)
    state = SPEC.apply(SPEC.state_from_json(SMALL), Flip(True))
    lead_phase = {o.text: (o.win, o.penalty) for o in round_odds(state, 0)}
    obj = SPEC.state_to_json(state)
    obj["binary"] = SPEC.state_from_json(SMALL).binary
    kept = {o.text: (o.win, o.penalty) for o in round_odds(SPEC.state_from_json(obj), 0)}
    # in phase lead a choice is the lead alone (the legal move), in phase flip "keep; lead ..." or "flip; lead ..."
    assert kept == {k.removeprefix("keep; "): v for k, v in flip_phase.items() if k.startswith("keep")}
    assert lead_phase == {k.removeprefix("flip; "): v for k, v in flip_phase.items() if k.startswith("flip")}


def test_the_equilibrium_flag_is_the_solver_option(capsys):
    """``foolsolve POSITION --equilibrium`` is ``-o equilibrium=true``; a game without one says so."""
    pytest.importorskip("pygambit", reason="the pygambit extra is not installed (pip install 'foolsolve[gambit]')")
    from foolsolve import cli

    liar = str(Path(__file__).resolve().parents[2] / "foolsolve" / "examples" / "three-fools-liar.json")
    outs = []
    for args in (["--equilibrium"], ["-o", "equilibrium=true"]):
        try:
            cli.main([liar, "--json", "--no-store", *args])
        except SystemExit as exc:
            assert not exc.code
        outs.append(json.loads(capsys.readouterr().out))
    for out in outs:
        out.pop("seconds")
    assert outs[0] == outs[1] and "equilibrium" in json.dumps(outs[0]).lower()
    durak = str(Path(__file__).resolve().parents[2] / "foolsolve" / "examples" / "durak-endgame.json")
    with pytest.raises(SystemExit) as exc:
        cli.main([durak, "--equilibrium"])
    assert exc.value.code == 2 and "equilibrium" in capsys.readouterr().err
