"""Fools and Angels defences past :data:`foolsolve.game.MAX_CONSIDERED`: the defences are a
:class:`~foolsolve.game.MoveFamily` as the attacks are (counted by subset-sum without listing, drawn
uniformly, weighed in a seeded uniform sample of :data:`~foolsolve.spec.fools_and_angels.ATTACK_SAMPLE`,
surrender listed beside them), a bot's decision never builds the defence list, and positions with at
most 255 defences keep their answers (docs/fools-and-angels.md, "Big hands")."""

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
from foolsolve.game import MAX_CONSIDERED, legal_or_family, search_moves, uniform_move
from foolsolve.rules import rules_to_json
from foolsolve.seat import Settings, analyse
from foolsolve.spec import fools_and_angels as S
from foolsolve.spec.fools_and_angels import DEFEND, SPEC, Rules, defence_count, defence_moves, defence_parts
from foolsolve.worlds import read_view, view_of, worlds_of_view
from tests.fools_and_angels.helpers import count_calls
from tests.fools_and_angels.test_attack_family import grown, many
from tests.fools_and_angels.test_big_hands import chi_square

INFO = games.get("fools-and-angels")
ENGINE = E.ENGINE

CHI2_999 = {3: 16.266, 15: 37.697, 367: 456.45, 368: 457.564}
"""The chi-square distribution's 99.9% point for these degrees of freedom (scipy.stats.chi2.ppf)."""

SMALL = {"game": "fools-and-angels", "rules": {}, "players": 2, "phase": "defend", "to_move": 0,
         "hands": [["AC", "JD", "8H", "5S", "8S", "JS", "AS"], ["9C", "JC", "5D", "4H", "JH", "QS"]],
         "stocks": [["2C", "3C", "4S", "2S", "3S", "6S", "5C", "6C"], ["3D", "2D", "5H", "AH", "6D", "3H", "2H", "6H"]],
         "pool": ["KD", "9D"], "attack": ["AD"], "turns_done": 2, "exchanged": False, "drawn": 0, "drew_pool": False,
         "setup_chosen": 0}
"""A defence of a seeded default game (``defence:0``): A♦ against a 7-card hand with two face cards,
16 defences (4 under defence_face_cards=never) and surrender."""

MANY = {"game": "fools-and-angels", "rules": {"hand_limit": 14}, "players": 2, "phase": "defend", "to_move": 1,
        "hands": [["5C", "2S"], ["7C", "2D", "3D", "6D", "7D", "4H", "8H", "JH", "QH", "AH", "7S", "QS"]],
        "stocks": [["4S", "AC"], []], "pool": [], "attack": ["6C", "7H", "6S"], "turns_done": 2, "exchanged": False,
        "drawn": 0, "drew_pool": False, "setup_chosen": 0}
"""A defence of a seeded game at hand limit 14 (``defence:3``): 368 defences and surrender, a family."""

FACES = {"with_pips": {}, "never": {"defence_face_cards": "never"}}


def small(faces: str) -> S.State:
    obj = copy.deepcopy(SMALL)
    obj["rules"] = FACES[faces]
    return SPEC.state_from_json(obj)


def big_defence() -> S.State:
    """The defence after bench_fools_and_angels.py's turn of hand limit 20 (:func:`grown`, seed 0): the 19-card
    mover attacks with the first of its sampled attacks of the fewest cards (3♦ 4♥ 8♥) and the 20-card
    hand defends: 34,720 defences."""
    state = grown()
    attacks = [m for m in SPEC.legal_moves_split(state)[1].candidates() if isinstance(m, S.Attack)]
    return SPEC.apply(state, min(attacks, key=lambda m: len(m.cards)))


def test_the_defences_are_counted_as_the_spec_lists_them() -> None:
    """defence_count (subset-sum counts, nothing listed) is the length of defence_moves' literal list
    less surrender, and the engine's _defence_parts count the same, at every defence of seeded games
    under both readings of defence_face_cards, several hand limits and face effects; the split gives a
    family exactly where there are more than MAX_CONSIDERED defences, of that count, surrender listed."""
    defences = families = 0
    for seed in range(16):
        rules = Rules(hand_limit=(7, 10, 12, 14)[seed % 4], defence_face_cards=("with_pips", "never")[seed % 2])
        rng = random.Random(f"defence-count:{seed}")
        s = SPEC.deal(rules, 2, rng)
        for _ in range(90):
            if SPEC.is_terminal(s):
                break
            moves = SPEC.legal_moves(s)
            if s.phase == DEFEND:
                defences += 1
                n = len(defence_moves(s)) - 1
                assert defence_count(s) == n == sum(a * b for _t, _need, a, b in defence_parts(s))
                es = ENGINE.from_spec(s)
                assert E._defence_parts(es, s.to_move)[0] - 1 == n
                for game, state in ((SPEC, s), (ENGINE, es)):
                    listed, family = game.legal_moves_split(state)
                    if n > MAX_CONSIDERED:
                        families += 1
                        assert family is not None and (family.kind, family.count, family.lead) == ("defence", n, n)
                        assert len(listed) == 1
                    else:
                        assert family is None and len(listed) == n + 1
            draws = [m for m in moves if isinstance(m, S.Draw)]
            s = SPEC.apply(s, rng.choice(draws) if draws and rng.random() < 0.7 else rng.choice(moves))
    assert defences > 100 and families > 0


@pytest.mark.parametrize("side", ["spec", "engine"])
@pytest.mark.parametrize("faces", list(FACES))
def test_a_defence_family_draws_every_defence_equally_often(faces: str, side: str) -> None:
    """The spec's and the engine's defence family, made for a 7-card hand's 16 defences (4 without face
    cards), draw each of defence_moves' list equally often: chi-square, 100 draws a defence, seeded,
    significance 0.001; every draw is a member (contains) and the listing is the list."""
    state = small(faces)
    every = [str(m) for m in defence_moves(state) if isinstance(m, S.Defend)]
    if side == "spec":
        family = S.defence_family(state, defence_parts(state))

        def text(m: Any) -> str:
            return str(m)
    else:
        es = ENGINE.from_spec(state)
        n, parts = E._defence_parts(es, state.to_move)
        family = E.defence_family(es, n - 1, parts)

        def text(m: Any) -> str:
            return str(ENGINE.move_to_spec(es, m))
    assert family.count == len(every) == {"with_pips": 16, "never": 4}[faces]
    assert sorted(map(text, family.listing())) == sorted(every)
    rng = random.Random(20261204)
    draws = 100 * len(every)
    counts = Counter(text(family.sample(rng)) for _ in range(draws))
    assert chi_square(counts, every, draws) < CHI2_999[len(every) - 1]
    assert all(family.contains(m) for m in defence_moves(state) if isinstance(m, S.Defend))
    assert not family.contains(S.Surrender()) and not family.contains(S.Defend("whole", (S.FRENCH52.parse("8S"),)))


@pytest.mark.parametrize("side", ["spec", "engine"])
def test_uniform_move_is_uniform_over_a_defence_of_hundreds(side: str) -> None:
    """Past MAX_CONSIDERED defences (368) the split gives a defence family and surrender listed, and
    uniform_move over them draws every move of the full list equally often (chi-square, 50 draws a
    move, seeded, significance 0.001); the family's samples (its draw) are uniform over the defences
    too; the engine's uniform_move is the move its full list holds at the index drawn (the playout's
    draw)."""
    state = SPEC.state_from_json(MANY)
    every = [str(m) for m in SPEC.legal_moves(state)]
    assert len(every) == 369
    if side == "spec":
        game, s = SPEC, state

        def text(m: Any) -> str:
            return str(m)
    else:
        game, s = ENGINE, ENGINE.from_spec(state)

        def text(m: Any) -> str:
            return str(ENGINE.move_to_spec(s, m))
    listed, family = game.legal_moves_split(s)
    assert family is not None and family.kind == "defence" and family.count == 368
    assert [text(m) for m in listed] == ["surrender"]
    rng = random.Random(20261205)
    draws = 50 * len(every)
    counts = Counter(text(uniform_move(listed, family, rng)) for _ in range(draws))
    assert chi_square(counts, every, draws) < CHI2_999[len(every) - 1]
    defences = every[:-1]
    counts = Counter(text(family.sample(rng)) for _ in range(50 * len(defences)))
    assert chi_square(counts, defences, 50 * len(defences)) < CHI2_999[len(defences) - 1]
    if side == "engine":
        full = ENGINE.legal_moves(s)
        a, b = random.Random(7), random.Random(7)
        assert [uniform_move(listed, family, a) for _ in range(200)] == [b.choice(full) for _ in range(200)]


def test_the_defences_weighed_are_one_seeded_sample_for_the_spec_the_engine_and_every_world() -> None:
    """At a defence of 34,720 moves the spec and the engine give the same count and the same candidates:
    ATTACK_SAMPLE distinct legal defences of several sizes; search_moves weighs them and surrender only;
    every world of the defender's view (the hidden cards dealt otherwise) weighs the same defences."""
    state = big_defence()
    listed, family = SPEC.legal_moves_split(state)
    assert listed == [S.Surrender()] and family is not None and (family.kind, family.count) == ("defence", 34_720)
    es = ENGINE.from_spec(state)
    elisted, efamily = ENGINE.legal_moves_split(es)
    assert efamily is not None and (efamily.kind, efamily.count) == ("defence", 34_720) and elisted == [E._SURRENDER]
    candidates = family.candidates()
    assert [str(m) for m in candidates] == [str(ENGINE.move_to_spec(es, m)) for m in efamily.candidates()]
    assert len(candidates) == len(set(candidates)) == S.ATTACK_SAMPLE
    assert all(not S.defend_reasons(state, m.target, m.cards) for m in candidates)
    assert len({len(m.cards) for m in candidates}) >= 3  # a sample, not the first of the list
    assert sorted(map(str, search_moves(SPEC, state))) == sorted(["surrender", *map(str, candidates)])
    assert ENGINE.move_from_spec(es, candidates[0]) == efamily.candidates()[0]
    assert family.read(str(candidates[1])) == candidates[1]
    worlds = worlds_of_view(read_view(view_of(INFO, state, state.to_move), check=False))
    assert worlds.count() > 1
    weighed = {tuple(str(m) for m in SPEC.legal_moves_split(w)[1].candidates())
               for w in (worlds.sample(random.Random(i)) for i in range(4))}
    assert weighed == {tuple(map(str, candidates))}


@pytest.mark.parametrize("label", ["pimc:samples=1,nodes=300", "ismcts:iterations=30", "greedy", "random"])
def test_a_decision_at_a_defence_of_thousands_never_lists_the_defences(monkeypatch, label: str) -> None:
    """A bot's decision at the defence of 34,720 moves, as the arena makes it (the seat's moves by
    legal_or_family, then the bot): the spec's legal moves are split once, and neither its defence list
    (defence_moves) nor the engine's (_defences) is ever built; the analysis notes that it weighed a
    uniform sample of 64 of the 34,720 defences."""
    state = big_defence()
    calls = Counter[str]()
    count_calls(monkeypatch, calls, type(SPEC), "legal_moves_split", "split")
    count_calls(monkeypatch, calls, type(SPEC), "legal_moves", "legal")
    count_calls(monkeypatch, calls, S, "defence_moves", "defence_moves")
    count_calls(monkeypatch, calls, E, "_defences", "engine _defences of the big hand",
                when=lambda s, p: (s[3 + p] & E.PIPS).bit_count() > 12)
    listed, family = legal_or_family(SPEC, state)  # the arena's seat
    seat = bots.Seat("fools-and-angels", state.to_move, 2, rules_to_json(state.rules),
                     view_of(INFO, state, state.to_move), tuple(listed), 5, family=family)
    move = bots.make(label).choose(seat)
    assert seat.is_legal(move)
    assert calls["defence_moves"] == 0 and calls["engine _defences of the big hand"] == 0, calls
    assert calls["split"] == 1 and calls["legal"] == 0, calls
    if label.startswith(("pimc", "ismcts")):
        method = label.split(":")[0]
        settings = Settings(method=method, samples=1 if method == "pimc" else 30, seed=1,
                            budget=bots.make("pimc:nodes=300").budget())
        answer = analyse(INFO, worlds_of_view(read_view(seat.view, check=False)), settings, names={},
                         root_moves=(seat.legal, seat.family))
        assert calls["defence_moves"] == 0 and calls["split"] == 1, calls
        note = ("34,720 defence moves are legal, more than the 255 of one kind a search weighs: the answer weighs a "
                "uniform sample of 64 of the 34,720 defence moves (seeded by what the mover sees: the same in every "
                "world) (docs/fools-and-angels.md, \"Big hands\") and the other legal moves")
        assert note in answer.notes
        assert len(answer.moves) == 1 + 64


def small_defences() -> list[S.State]:
    """Four seeded defences of default-rules games (hand limits 7 and 10), each with more than 4 legal
    moves and at most 255 defences (no family)."""
    out = []
    for seed in range(60):
        rng = random.Random(f"small-defence:{seed}")
        s = SPEC.deal(Rules(hand_limit=(7, 10)[seed % 2]), 2, rng)
        for _ in range(60):
            if SPEC.is_terminal(s):
                break
            if s.phase == DEFEND and 4 < len(SPEC.legal_moves(s)) and legal_or_family(SPEC, s)[1] is None:
                out.append(s)
                break
            moves = SPEC.legal_moves(s)
            draws = [m for m in moves if isinstance(m, S.Draw)]
            s = SPEC.apply(s, rng.choice(draws) if draws and rng.random() < 0.6 else rng.choice(moves))
        if len(out) == 4:
            break
    return out


def small_defence_rows() -> list[str]:
    """The moves of pimc, ismcts, random and greedy and two whole seat answers (moves, values,
    intervals, notes) at :func:`small_defences`, and a seeded engine playout from each."""
    rows = []
    for s in small_defences():
        p = s.to_move
        listed, family = legal_or_family(SPEC, s)
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
        end, moves = ENGINE.playout(ENGINE.from_spec(s), random.Random(3))
        rows.append(f"playout: {moves} {json.dumps(SPEC.state_to_json(ENGINE.to_spec(end)), sort_keys=True)}")
    return rows


SMALL_ANSWERS = "6c5e0be6b149fb364953d6bdcde0c483f237bfaa5f5cf1ff74439ccee0a83dc3"
"""The SHA-256 of :func:`small_defence_rows`, made by the code before defences were a family (commit
415b3bc)."""


def test_answers_at_small_defences_are_those_before_the_defence_family() -> None:
    """At defences with at most 255 defences, the bots' moves, two whole seat answers and a playout are
    those the code gave before (a regression guard: it passes on that code too)."""
    rows = small_defence_rows()
    assert len(rows) == 28
    assert hashlib.sha256("\n".join(rows).encode()).hexdigest() == SMALL_ANSWERS


def test_a_move_family_reads_its_own_moves_and_no_other_text() -> None:
    """Each family's ``read`` (attacks, defences, exchanges) gives back a move it holds, and ``None``
    for a move of another kind, a move it does not hold, or text that names no move."""
    attack = SPEC.legal_moves_split(many("four_then_face"))[1]
    defence = SPEC.legal_moves_split(big_defence())[1]
    exchange = S.exchange_family(tuple(S.ordered(S.read_move_text("exchange 2C 3C 4C 5C").cards)), [1, 2])
    assert attack is not None and defence is not None
    for family in (attack, defence, exchange):
        member = family.candidates()[0]
        assert family.read(str(member)) == member
    for family, other in ((attack, defence), (defence, attack), (attack, exchange), (exchange, attack)):
        assert family.read(str(other.candidates()[0])) is None
    assert attack.read("attack 2H") is None  # not in the hand
    assert exchange.read("exchange 2C 3C 4C") is None  # a size the turn does not allow
    assert all(f.read(text) is None for f in (attack, defence, exchange) for text in ("", "attack", "fold 2C"))
