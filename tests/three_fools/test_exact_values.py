"""Three Fools' exact answers under every rule option and value, against computations written again
from the spec:

* the open-hand answer (``--open-hand``, paranoid and ``-o concept=max-n``) of small positions
  (:func:`tests.three_fools.exact.short_game`: two players a card or two from losing),
  every root move's value, against exhaustive search over the spec
  (:func:`tests.three_fools.exact.game_values`), with a game that never ends valued 0 and 1 alike;
* the round odds (the default answer of a round about to be led), from the leader's and a
  follower's view, against enumeration over the spec of every deal of the unseen cards
  (:func:`tests.three_fools.test_solver.spec_reference`);
* the equilibrium of a bluff (``-o equilibrium=true``, pygambit): each choice's value, each
  player's value and each player's best gain by deviating, recomputed over the spec's leaves
  from the strategies the solver reports (a follower's best deviation: her best card in each
  information set).

Each option value is checked with the other options at their defaults; the long-profile test
tests/generic/test_exact_values_under_rules.py draws every option at once. ``binary_start`` is
read only by a fresh deal (phase ``start``, 45 cards in the piles), never small: it is checked to
change no value here."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest

from foolsolve import api
from foolsolve.cards import PILATCH45
from foolsolve.rules import options_of, rules_to_json
from foolsolve.spec.three_fools import (
    FLIP,
    PILATCH_SUITS,
    ROSHAMBO,
    SPEC,
    UP,
    Flip,
    Follow,
    Lead,
    Rules,
    State,
    follower_order,
)
from tests.three_fools.exact import game_values, short_game
from tests.three_fools.helpers import position
from tests.three_fools.test_solver import small_position, spec_reference

TABLE = (("1/2", "1/4", "1/4"), ("1/5", "3/5", "1/5"), ("1/3", "1/6", "1/2"))
"""A Roshambo table (rock, paper, scissors per seat)."""

OPTION_VALUES: list[tuple[str, Any]] = [
    ("max_hand", 4), ("max_hand", 5), ("streak_to_win", 3), ("streak_to_win", 4), ("streak_to_win", 5),
    ("roshambo", "uniform"), ("roshambo", TABLE), ("binary_start", "down"), ("binary_start", "up"),
    ("roshambo_format", "all_at_once"), ("roshambo_format", "leader_bye"),
    ("collect_order", "leader_first"), ("collect_order", "winner_first"),
]
"""Every option of ``foolsolve rules three-fools`` with each of its values (``roshambo``: uniform
and a table)."""

SEEDS = {("max_hand", 5): (0, 63, 101), ("streak_to_win", 4): (2, 6, 108), ("streak_to_win", 5): (111, 153)}
"""Seeds of :func:`short_game` whose positions have moves of different values, exact in well
under a second (the streak and the maximum hand size change the positions drawn); other option
values: :data:`DEFAULT_SEEDS`."""
DEFAULT_SEEDS = (0, 42, 63)
"""Under the default rules: one position in phase flip, two in phase follow."""


def test_every_option_and_value_is_checked() -> None:
    """A new option or value of Three Fools must be added to :data:`OPTION_VALUES`."""
    infos = {o.name: o for o in options_of(Rules)}
    assert {name for name, _ in OPTION_VALUES} == set(infos)
    for name, info in infos.items():
        if info.choices is not None:
            assert {v for n, v in OPTION_VALUES if n == name} == set(info.choices), name


def _rules(option: str, value: Any) -> Rules:
    return Rules(**{option: value})


def _answer_values(s: State, concept: str) -> tuple[int, dict[str, Fraction]]:
    a = api.answer(s, open_hand=True, time=20, progress=False,
                   options={"concept": "max-n"} if concept == "max-n" else None)
    assert a.value_kind == "payoff" and not a.unfinished, a.method
    assert a.concept == concept
    player = SPEC.to_move(s) if a.player is None else a.player
    return player, {m.move: Fraction(str(m.value)) for m in a.moves}


@pytest.mark.parametrize(("option", "value"), OPTION_VALUES, ids=lambda v: "table" if v == TABLE else str(v))
def test_open_hand_values_equal_exhaustive_search_over_the_spec(option: str, value: Any) -> None:
    rules = _rules(option, value)
    for seed in SEEDS.get((option, value), DEFAULT_SEEDS):
        s = short_game(random.Random(seed), rules, sizes=(1, 2, 2))
        for concept in ("paranoid", "max-n"):
            player, got = _answer_values(s, concept)
            want = game_values(s, player, concept)
            assert got == want, (seed, concept)
            if concept == "paranoid":  # no line of play that never ends changes a value
                assert game_values(s, player, concept, endless=Fraction(1)) == want, seed


@pytest.mark.parametrize(("option", "one", "other", "seed"), [
    ("roshambo", "uniform", TABLE, 9),
    ("roshambo_format", "all_at_once", "leader_bye", 0),
    ("streak_to_win", 3, 4, 6),
    ("collect_order", "leader_first", "winner_first", 141),
])
def test_the_option_changes_the_values_these_tests_compare(option: str, one: Any, other: Any, seed: int) -> None:
    """The positions reach what each option decides: the same position under its two values has
    different exact values (each equal to the search over the spec above)."""
    values = []
    for v in (one, other):
        s = short_game(random.Random(seed), _rules(option, v), sizes=(1, 2, 2))
        player, got = _answer_values(s, "paranoid")
        assert got == game_values(s, player, "paranoid")
        values.append(got)
    assert values[0] != values[1]


def test_the_binary_cards_starting_side_changes_no_value_outside_a_fresh_deal() -> None:
    for seed in DEFAULT_SEEDS:
        down, up = (_answer_values(short_game(random.Random(seed), _rules("binary_start", side), sizes=(1, 2, 2)),
                                   "paranoid") for side in ("down", "up"))
        assert down == up


@pytest.mark.parametrize(("option", "value"), OPTION_VALUES, ids=lambda v: "table" if v == TABLE else str(v))
def test_round_odds_equal_enumeration_over_the_spec(option: str, value: Any) -> None:
    """The default answer of a round about to be led, from the leader's view and from a follower's
    (``-o viewer``), uniform followers and a strategy table."""
    rules = _rules(option, value)
    rng = random.Random(f"{option}={value}")
    size = rules.max_hand if option == "max_hand" else 3
    deck = [c.ascii for c in PILATCH45]
    rng.shuffle(deck)
    hands = [deck[0:size], deck[size:size + 3], deck[size + 3:size + 5]]
    leader = rng.randrange(3)
    f1, f2 = follower_order(leader)
    # every hand but the second follower's has one unseen card; hers was never shown, so a card never
    # revealed can lie on her pile (a pile whose owner drew back a shown card holds only shown cards)
    known = [[] if p == f2 else h[1:] for p, h in enumerate(hands)]
    obj = small_position(hands, known, deck[size + 5:size + 6], leader=leader,
                         rules=rules_to_json(rules, only_changed=True), max_hand=[len(h) for h in hands])
    SPEC.state_from_json(obj)  # a position the rules allow, under every collect_order
    table = {str(f1): {f"{b} {d}": {hands[f1][0]: 3, hands[f1][1]: 1} for b in ("up", "down") for d in "RPS"}}
    for viewer, strategies in ((leader, None), (f1, None), (leader, table)):
        options: dict[str, Any] = {"viewer": viewer}
        if strategies:
            options["strategies"] = strategies
        a = api.answer(obj, progress=False, options=options)
        got = {m.move: (Fraction(m.value["win"]), Fraction(m.value["penalty"])) for m in a.moves}
        assert got == spec_reference(obj, viewer, strategies), (viewer, strategies)


def equilibrium_check(s: State, eq: Any, cost: Fraction) -> tuple[dict[Any, float], list[float], dict[int, float]]:
    """Each choice's value, each player's value and each player's best gain by deviating, from the
    strategies of ``eq``, over the spec: every choice of the leader, every card of each follower
    with its probability, the spec's apply and Roshambo odds; payoff 1 to the round's winner,
    minus ``cost`` to a leader whose maximum hand size went down (the lying penalty)."""
    leader = s.leader
    f1, f2 = follower_order(leader)
    hands = {p: sorted(s.hands[p]) for p in range(3)}
    values: dict[Any, float] = {}
    total = [0.0, 0.0, 0.0]
    contrib: dict[int, dict[Any, dict[Any, float]]] = {f1: {}, f2: {}}
    for flip in ((False, True) if s.phase == FLIP else (False,)):
        s1 = SPEC.apply(s, Flip(flip)) if s.phase == FLIP else s
        for card in hands[leader]:
            for declared in PILATCH_SUITS:
                a = (flip, card, declared)
                pa = eq.leader.get(a, 0.0)
                infoset = (s1.binary, declared)
                s2 = SPEC.apply(s1, Lead(card, declared))
                va = 0.0
                for x in hands[f1]:
                    px = eq.followers[f1].get(infoset, {}).get(x, 0.0)
                    s3 = SPEC.apply(s2, Follow(x))
                    for y in hands[f2]:
                        py = eq.followers[f2].get(infoset, {}).get(y, 0.0)
                        s4 = SPEC.apply(s3, Follow(y))
                        ends = ([(SPEC.apply(s4, m), SPEC.chance_probability(s4, m)) for m in SPEC.legal_moves(s4)]
                                if s4.phase == ROSHAMBO else [(s4, Fraction(1))])
                        u = [Fraction(0)] * 3
                        for end, p in ends:
                            w = end.history[-1].winner
                            paid = end.max_hand[leader] < s.max_hand[leader]
                            for q in range(3):
                                u[q] += p * (int(q == w) - (cost if q == leader and paid else 0))
                        va += px * py * float(u[leader])
                        row1 = contrib[f1].setdefault(infoset, {})
                        row1[x] = row1.get(x, 0.0) + pa * py * float(u[f1])
                        row2 = contrib[f2].setdefault(infoset, {})
                        row2[y] = row2.get(y, 0.0) + pa * px * float(u[f2])
                        for q in range(3):
                            total[q] += pa * px * py * float(u[q])
                values[a] = va
    gains = {leader: max(values.values()) - total[leader]}
    for f in (f1, f2):
        gains[f] = sum(max(row.values()) for row in contrib[f].values()) - total[f]
    return values, total, gains


@pytest.mark.parametrize(("option", "value", "cost"), [
    ("roshambo", "uniform", Fraction(1, 4)), ("roshambo", TABLE, Fraction(1, 4)),
    ("roshambo_format", "leader_bye", Fraction(1)), ("max_hand", 5, Fraction(0))],
    ids=lambda v: "table" if v == TABLE else str(v))
def test_the_equilibrium_values_and_gains_equal_a_computation_over_the_spec(option: str, value: Any,
                                                                            cost: Fraction) -> None:
    """``-o equilibrium=true`` under a Roshambo table, the leader's bye and a hand of five, with
    lying costs 1/4 (the default), 1 and 0."""
    pytest.importorskip("pygambit")
    from foolsolve.solver.three_fools.equilibrium import DEFAULT_EPSILON, equilibrium

    rules = _rules(option, value)
    rng = random.Random(f"{option}={value}")
    deck = [c.ascii for c in PILATCH45]
    rng.shuffle(deck)
    sizes = [3, 2, 3] if option != "max_hand" else [5, 2, 2]
    hands = [deck[0:sizes[0]], deck[sizes[0]:sizes[0] + sizes[1]], deck[sizes[0] + sizes[1]:sum(sizes)]]
    s = SPEC.state_from_json(position(hands, rules=rules_to_json(rules, only_changed=True), leader=rng.randrange(3),
                                      streak=1, max_hand=sizes, binary=UP))
    eq = equilibrium(s, cost)
    values, total, gains = equilibrium_check(s, eq, cost)
    assert values.keys() == eq.action_values.keys()
    assert all(abs(values[a] - eq.action_values[a]) < 1e-9 for a in values)
    assert all(abs(total[p] - eq.values[p]) < 1e-9 for p in range(3))
    assert all(abs(gains[p] - eq.gains[p]) < 1e-9 for p in range(3))
    assert max(gains.values()) <= float(DEFAULT_EPSILON)
