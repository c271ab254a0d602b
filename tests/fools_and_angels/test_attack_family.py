"""Fools and Angels turns with more than :data:`foolsolve.game.MAX_CONSIDERED` attacks: the attacks are
a :class:`~foolsolve.game.MoveFamily` as the exchanges are (counted, drawn uniformly, weighed in a
seeded uniform sample of :data:`~foolsolve.spec.fools_and_angels.ATTACK_SAMPLE`), a bot's decision
lists the spec's legal moves once (the seat's, shared with the analysis), and positions with at most
255 moves of each kind keep their answers (docs/fools-and-angels.md, "Big hands")."""

from __future__ import annotations

import copy
import hashlib
import json
import random
from collections import Counter
from typing import Any

import pytest

from foolsolve import bots, games
from foolsolve.engines import fools_and_angels as E
from foolsolve.game import MAX_CONSIDERED, MAX_LISTED, legal_or_family, search_moves, uniform_move
from foolsolve.rules import rules_to_json
from foolsolve.seat import Settings, analyse
from foolsolve.spec import fools_and_angels as S
from foolsolve.spec.fools_and_angels import SPEC, TURN, Rules, attack_classes, attack_count, attack_moves
from foolsolve.worlds import read_view, view_of, worlds_of_view
from tests.fools_and_angels.helpers import count_calls
from tests.fools_and_angels.test_big_hands import chi_square
from tests.fools_and_angels.test_rules import BIG_HAND

INFO = games.get("fools-and-angels")
ENGINE = E.ENGINE

CHI2_999 = {20: 45.315, 27: 55.476, 284: 363.38, 344: 430.785}
"""The chi-square distribution's 99.9% point for these degrees of freedom (scipy.stats.chi2.ppf)."""

READINGS = {"four_then_face": {}, "pips_and_one_face": {"attack_size": "pips_and_one_face"}}


def position(hand0: str, hand1: str, rules: dict[str, Any]) -> S.State:
    """BIG_HAND's turn with these hands (the other cards out of play) under ``rules``."""
    obj = copy.deepcopy(BIG_HAND)
    obj["hands"], obj["rules"] = [hand0.split(), hand1.split()], rules
    return SPEC.state_from_json(obj)


def small(reading: str) -> S.State:
    """A 5-card hand, 3 pip cards and 2 face cards, against 6 cards: 28 attacks (21 under
    pips_and_one_face), all listed."""
    return position("2C 3C 7D JC KC", "2D 3D 4D 5D 6D AD", READINGS[reading])


def many(reading: str) -> S.State:
    """A 9-card hand, 7 pip cards and 2 face cards, against 9 cards, no exchange and no draw (the hand
    limit is 7): 345 attacks (285 under pips_and_one_face) and nothing else, an attack family."""
    return position("2C 3C 4C 5C 6C 7D 7C JC KC", "2D 3D 4D 5D 6D AD 2S 3S 4S", READINGS[reading])


BIG = {"exchange": True, "exchange_limit": "hand_size", "hand_limit": 20}


def grown(seed: int = 0) -> S.State:
    """bench_fools_and_angels.py's position of hand limit 20 with thousands of attacks: a seeded deal
    played on (four draws in five) until the mover, at a turn, holds 17 cards or more and the opponent
    at least as many (seed 0: 20 against 19 cards, 13,225 attacks and 524,287 exchanges)."""
    rng = random.Random(f"bots:20:{seed}:True")
    e = ENGINE.from_spec(SPEC.deal(Rules(**BIG), 2, rng))
    while ENGINE.result(e) is None:
        n, other = e[3 + e[E.F_TO_MOVE]].bit_count(), e[4 - e[E.F_TO_MOVE]].bit_count()
        if e[E.F_PHASE] == E.P_TURN and not e[E.F_EXCH] and n >= 17 and other >= n:
            return ENGINE.to_spec(e)
        listed, family = legal_or_family(ENGINE, e)
        draws = [m for m in listed if m[0] in (E.DRAW_OWN, E.DRAW_POOL)]
        e = ENGINE.apply(e, rng.choice(draws) if draws and rng.random() < 0.8 else uniform_move(listed, family, rng))
    raise AssertionError("the game ended first")


@pytest.mark.parametrize("reading", list(READINGS))
def test_the_attacks_are_counted_by_class_as_the_spec_lists_them(reading: str) -> None:
    """attack_count (one verdict asked a class of attacks; what stuck and the family count with) is the
    length of attack_moves' literal list, and the engine reads the same classes off its parts, at
    every turn of seeded games under both readings of attack_size and several hand limits."""
    turns = 0
    for seed in range(12):
        rules = Rules(**{**READINGS[reading], "hand_limit": (7, 10, 12)[seed % 3]})
        rng = random.Random(seed)
        s = SPEC.deal(rules, 2, rng)
        for _ in range(60):
            if SPEC.is_terminal(s):
                break
            if s.phase == TURN:
                turns += 1
                p = s.to_move
                assert attack_count(s) == len(attack_moves(s))
                es = ENGINE.from_spec(s)
                count, parts = E.attack_parts(es[3 + p], es[4 - p].bit_count(), es[0].wide_attacks)
                if len(s.hands[1 - p]) >= len(s.hands[p]) and count:
                    assert E.attack_classes(parts) == attack_classes(s)
            s = SPEC.apply(s, rng.choice(SPEC.legal_moves(s)))
    assert turns > 100


@pytest.mark.parametrize("side", ["spec", "engine"])
@pytest.mark.parametrize("reading", list(READINGS))
def test_an_attack_family_draws_every_attack_equally_often(reading: str, side: str) -> None:
    """The spec's and the engine's attack family, made for a 5-card hand's 28 attacks (21), draw each of
    attack_moves' list equally often: chi-square, 100 draws an attack, seeded, significance 0.001."""
    state = small(reading)
    every = [str(m) for m in attack_moves(state)]
    p = state.to_move
    if side == "spec":
        family = S.attack_family(state.hands[p], len(state.hands[1 - p]), state.rules, attack_classes(state))

        def text(m: Any) -> str:
            return str(m)
    else:
        es = ENGINE.from_spec(state)
        family = E.attack_family(es)

        def text(m: Any) -> str:
            return str(ENGINE.move_to_spec(es, m))
    assert family.count == len(every) == {"four_then_face": 28, "pips_and_one_face": 21}[reading]
    rng = random.Random(20261202)
    draws = 100 * len(every)
    counts = Counter(text(family.sample(rng)) for _ in range(draws))
    assert chi_square(counts, every, draws) < CHI2_999[len(every) - 1]


@pytest.mark.parametrize("side", ["spec", "engine"])
@pytest.mark.parametrize("reading", list(READINGS))
def test_uniform_move_is_uniform_over_a_turn_of_hundreds_of_attacks(reading: str, side: str) -> None:
    """Past MAX_CONSIDERED attacks (345; 285) the split gives an attack family and no listed attack, and
    uniform_move over it draws every move of the full list equally often: chi-square, 100 draws a
    move, seeded, significance 0.001; the engine's draw is the move its full list holds at the index drawn."""
    state = many(reading)
    every = [str(m) for m in SPEC.legal_moves(state)]
    assert len(every) > MAX_CONSIDERED
    if side == "spec":
        listed, family = SPEC.legal_moves_split(state)

        def text(m: Any) -> str:
            return str(m)
    else:
        es = ENGINE.from_spec(state)
        listed, family = ENGINE.legal_moves_split(es)

        def text(m: Any) -> str:
            return str(ENGINE.move_to_spec(es, m))
    assert family is not None and family.kind == "attack" and family.count == len(every) and not listed
    rng = random.Random(20261203)
    draws = 100 * len(every)
    counts = Counter(text(uniform_move(listed, family, rng)) for _ in range(draws))
    assert chi_square(counts, every, draws) < CHI2_999[len(every) - 1]


def test_the_attacks_weighed_are_one_seeded_sample_for_the_spec_the_engine_and_every_world() -> None:
    """At a turn of 13,225 attacks and 524,287 exchanges the spec and the engine give one family of both
    kinds, the same count and the same candidates: ATTACK_SAMPLE distinct legal attacks (and the
    exchanges' bounded candidates), and search_moves weighs them and the listed moves only; every world
    of a mover's view (the hidden cards dealt otherwise) weighs the same attacks."""
    state = grown()
    listed, family = SPEC.legal_moves_split(state)
    assert family is not None and family.kind == "attack and exchange"
    assert [(f.kind, f.count) for f in family.kinds()] == [("attack", 13_225), ("exchange", 524_287)]
    es = ENGINE.from_spec(state)
    elisted, efamily = ENGINE.legal_moves_split(es)
    assert efamily is not None and (efamily.kind, efamily.count) == (family.kind, family.count)
    assert sorted(str(ENGINE.move_to_spec(es, m)) for m in elisted) == sorted(map(str, listed))
    spec_candidates = [str(m) for m in family.candidates()]
    assert spec_candidates == [str(ENGINE.move_to_spec(es, m)) for m in efamily.candidates()]
    attacks = [m for m in family.candidates() if isinstance(m, S.Attack)]
    assert len(attacks) == len(set(attacks)) == S.ATTACK_SAMPLE
    assert all(not S.attack_reasons(state, m.cards) for m in attacks)
    assert len({len(m.cards) for m in attacks}) >= 3  # a sample, not the first of the list
    assert sorted(map(str, search_moves(SPEC, state))) == sorted([*map(str, listed), *spec_candidates])
    # seed 1's mover (17 cards against 20, 7,101 attacks) sees 1,320 worlds: each weighs the same attacks
    state = grown(1)
    worlds = worlds_of_view(read_view(view_of(INFO, state, state.to_move), check=False))
    assert worlds.count() == 1_320
    weighed = {tuple(str(m) for m in SPEC.legal_moves_split(w)[1].candidates())
               for w in (worlds.sample(random.Random(i)) for i in range(6))}
    assert len(weighed) == 1 and sum(m.startswith("attack") for m in next(iter(weighed))) == S.ATTACK_SAMPLE


@pytest.mark.parametrize("label", ["pimc:samples=1,nodes=300", "ismcts:iterations=30"])
def test_a_decision_lists_the_specs_legal_moves_once(monkeypatch, label: str) -> None:
    """A bot's decision at the turn of thousands of attacks, as the arena makes it (the seat's moves by
    legal_or_family, then the bot): the spec's legal moves are split once (the seat's, which the
    analysis takes for its note and its root order), its literal attack list is never built, and the
    answer notes that it weighed a uniform sample of 64 of the 13,225 attacks."""
    state = grown()
    calls = Counter[str]()
    count_calls(monkeypatch, calls, type(SPEC), "legal_moves_split", "split")
    count_calls(monkeypatch, calls, type(SPEC), "legal_moves", "legal")
    count_calls(monkeypatch, calls, S, "attack_moves", "attack_moves")
    listed, family = legal_or_family(SPEC, state)  # the arena's seat
    seat = bots.Seat("fools-and-angels", state.to_move, 2, rules_to_json(state.rules),
                     view_of(INFO, state, state.to_move), tuple(listed), 5, family=family)
    move = bots.make(label).choose(seat)
    assert seat.is_legal(move)
    assert calls == Counter(split=1), calls
    # the analysis itself (a bot's, given the seat's moves) lists nothing, and says what it weighed
    method = label.split(":")[0]
    settings = Settings(method=method, samples=1 if method == "pimc" else 30, seed=1,
                        budget=bots.make("pimc:nodes=300").budget())
    answer = analyse(INFO, worlds_of_view(read_view(seat.view, check=False)), settings, names={},
                     root_moves=(seat.legal, seat.family))
    assert calls == Counter(split=1), calls
    note = ("537,512 attack and exchange moves are legal, more than the 255 of one kind a search weighs: the answer "
            "weighs a uniform sample of 64 of the 13,225 attack moves (seeded by what the mover sees: the same in "
            "every world) and 54 of the 524,287 exchange moves (docs/fools-and-angels.md, \"Big hands\") and the "
            "other legal moves")
    assert note in answer.notes
    assert len(answer.moves) == 1 + 64 + 54


def small_positions() -> list[S.State]:
    """Four seeded turns of default-rules games (hand limit 7; two with exchanges), each with more than
    8 legal moves and no family (at most 255 moves of each kind)."""
    out = []
    for seed in range(40):
        rng = random.Random(f"small:{seed}")
        s = SPEC.deal(Rules(exchange=seed % 2 == 0), 2, rng)
        for _ in range(rng.randrange(6, 30)):
            if SPEC.is_terminal(s):
                break
            s = SPEC.apply(s, rng.choice(SPEC.legal_moves(s)))
        if not SPEC.is_terminal(s) and s.phase == TURN and 8 < len(SPEC.legal_moves(s)) \
                and legal_or_family(SPEC, s)[1] is None:
            out.append(s)
        if len(out) == 4:
            break
    return out


SMALL_ANSWERS = "8c6a793034c1074ac3ab6bc6d4fe4c461bce60d16b20075643c73ad9af0a0f87"
"""The SHA-256 of :func:`test_answers_at_small_hands_are_those_before_the_attack_family`'s rows, made by
the code before attacks were a family and the seat's moves were shared with the analysis (commit
ea22159)."""


def test_answers_at_small_hands_are_those_before_the_attack_family() -> None:
    """At turns with at most 255 moves of each kind, the moves of pimc, ismcts, random and greedy and two
    whole seat answers (moves, values, intervals, notes) are those the code gave before (a regression
    guard: it passes on that code too)."""
    rows = []
    for s in small_positions():
        p = s.to_move
        listed, family = legal_or_family(SPEC, s)
        assert family is None
        view = view_of(INFO, s, p)
        seat = bots.Seat("fools-and-angels", p, 2, rules_to_json(s.rules), view, tuple(listed), 11, family=family)
        for label in ("pimc:samples=3,nodes=400", "ismcts:iterations=60", "random", "greedy"):
            rows.append(f"{label}: {bots.make(label).choose(seat)}")
        for method, n in (("pimc", 3), ("ismcts", 60)):
            ans = analyse(INFO, worlds_of_view(read_view(view, check=False)),
                          Settings(method=method, samples=n, seed=5, budget=bots.make("pimc:nodes=400").budget()),
                          names={})
            rows.append(json.dumps({k: v for k, v in ans.to_json().items() if k != "seconds"}, sort_keys=True,
                                   default=str))
    assert len(rows) == 24
    assert hashlib.sha256("\n".join(rows).encode()).hexdigest() == SMALL_ANSWERS


def test_a_short_kind_of_a_joined_family_is_listed_with_the_other_moves() -> None:
    """345 attacks and 45 exchanges (a 9-card hand, a pool of 2 under exchange_limit pool_size): the
    split joins both kinds in one family, and legal_or_family lists the 45 exchanges with the other
    moves (in the spec's order, the engine's too) and keeps the attacks alone as the family; for
    ``why`` (MAX_LISTED) every move is listed."""
    obj = copy.deepcopy(BIG_HAND)
    obj["hands"] = ["2C 3C 4C 5C 6C 7D 7C JC KC".split(), "2D 3D 4D 5D 6D AD 2S 3S 4S".split()]
    obj["rules"], obj["pool"] = {"exchange": True}, ["JD", "KD"]
    state = SPEC.state_from_json(obj)
    every = SPEC.legal_moves(state)
    assert len(every) == 390
    _listed, joined = SPEC.legal_moves_split(state)
    assert joined is not None and [(f.kind, f.count) for f in joined.kinds()] == [("attack", 345), ("exchange", 45)]
    listed, family = legal_or_family(SPEC, state)
    assert family is not None and (family.kind, family.count, family.lead) == ("attack", 345, 345)
    assert listed == [m for m in every if not isinstance(m, S.Attack)]
    es = ENGINE.from_spec(state)
    elisted, efamily = legal_or_family(ENGINE, es)
    assert efamily is not None and (efamily.kind, efamily.count) == ("attack", 345)
    assert [str(ENGINE.move_to_spec(es, m)) for m in elisted] == [str(m) for m in listed]
    assert legal_or_family(SPEC, state, MAX_LISTED) == (every, None)
