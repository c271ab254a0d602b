"""Fools and Angels at big hand limits (up to 20 cards a hand): the engine's playout draws a turn's
and a defence's move by its index in the move list without building the list, the searches sort
moves by the spec's key read off the engine's move, and both give what the generic loops give (the
same games, the same orders, the same seat answers)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from foolsolve import games
from foolsolve.engines import fools_and_angels as E
from foolsolve.game import Engine, legal_or_family, search_moves, uniform_move
from foolsolve.rules import rules_from_json
from foolsolve.spec.fools_and_angels import SPEC

INFO = games.get("fools-and-angels")
ENGINE = INFO.engine

RULES = [
    {"exchange": True, "exchange_limit": "hand_size", "hand_limit": 20},
    {"exchange": True, "exchange_limit": "hand_size", "hand_limit": 16, "defence_face_cards": "with_pips"},
    {"exchange": True, "hand_limit": 12, "temptation": True, "infusion": True, "attack_size": "pips_and_one_face"},
    {"hand_limit": 20, "no_legal_action": "lose", "asymmetry": True},
]


def grown(rules: dict[str, Any], seed: int, phase: int) -> Any:
    """A seeded engine position of ``phase`` whose mover holds at least the hand limit less 3 cards,
    reached by play that draws four times in five where it may (else ``None``: the game ended)."""
    r = rules_from_json(SPEC.rules_cls, rules)
    rng = random.Random(seed)
    s = ENGINE.deal(r, 2, rng)
    while ENGINE.result(s) is None:
        if s[E.F_PHASE] == phase and s[3 + s[E.F_TO_MOVE]].bit_count() >= r.hand_limit - 3:
            return s
        listed, family = legal_or_family(ENGINE, s)
        if not listed and family is None:
            return None
        draws = [m for m in listed if m[0] in (E.DRAW_OWN, E.DRAW_POOL)]
        s = ENGINE.apply(s, rng.choice(draws) if draws and rng.random() < 0.8 else uniform_move(listed, family, rng))
    return None


def starts() -> list[Any]:
    out = []
    for rules in RULES:
        out += [ENGINE.deal(rules_from_json(SPEC.rules_cls, rules), 2, random.Random(seed)) for seed in range(2)]
        out += [s for seed in range(3) for phase in (E.P_TURN, E.P_DEFEND) if (s := grown(rules, seed, phase))]
    return out


def test_the_playout_plays_the_generic_loops_moves_without_listing_a_turn_or_a_defence(monkeypatch) -> None:
    """From fresh deals and from hands of up to 20 cards under four sets of rules, the engine's playout
    plays move for move the game of Engine.playout's generic loop (which lists every legal move) for the
    same seed, and never lists a turn's moves, its attacks, a defence's moves or a subset-sum list."""
    calls = Counter[str]()
    for name in ("_turn_moves", "hand_attacks", "_defences", "subsets_with_sum"):
        real = getattr(E, name)

        def counted(*args: Any, _real: Any = real, _name: str = name, **kwargs: Any) -> Any:
            calls[_name] += 1
            return _real(*args, **kwargs)

        monkeypatch.setattr(E, name, counted)
    played: list[tuple[int, ...]] = []
    real_apply = E.apply

    def apply(state: Any, move: tuple[int, ...]) -> Any:
        played.append(move)
        return real_apply(state, move)

    monkeypatch.setattr(E, "apply", apply)
    points = starts()
    assert sum(s[E.F_PHASE] == E.P_DEFEND and s[3 + s[E.F_TO_MOVE]].bit_count() >= 17 for s in points) >= 2
    kinds = Counter[int]()
    for i, start in enumerate(points):
        for seed in range(2):
            played.clear()
            calls.clear()
            fast = ENGINE.playout(start, random.Random(seed), 3_000)
            fast_moves = list(played)
            assert not calls["_turn_moves"] and not calls["hand_attacks"] and not calls["_defences"], calls
            assert not calls["subsets_with_sum"], calls
            played.clear()
            slow = Engine.playout(ENGINE, start, random.Random(seed), 3_000)
            assert fast_moves == played and fast == slow, (i, seed)
            kinds.update(m[0] for m in fast_moves)
    assert kinds[E.ATTACK] > 100 and kinds[E.DEFEND] > 50 and kinds[E.EXCH] > 50, kinds


def test_moves_read_off_the_parts_are_the_listed_moves_in_order() -> None:
    """Every index of attack_parts, sum_blocks and _defence_parts reads the move or subset at that index
    of the list hand_attacks, subsets_with_sum and _defences build (seeded hands up to 20 cards); the
    counted tables are the listed tables' lengths, totals in the same order."""
    rng = random.Random(20261202)
    deck = E.bits(E.USED)
    for size in (1, 3, 8, 12, 16, 20):
        for _ in range(6):
            hand = sum(rng.sample(deck, size))
            for cap in (1, 2, 4, 5, 9):
                for wide in (True, False):
                    count, parts = E.attack_parts(hand, cap, wide)
                    listed = E.hand_attacks(hand, cap, wide)
                    assert count == len(listed)
                    assert [E.attack_at(parts, i) for i in range(count)] == listed
            pips = hand & E.PIPS
            for part in (pips & E.BLACK_PIPS, pips & E.RED_PIPS):
                assert list(E.sum_counts(part).items()) == [(t, len(s)) for t, s in E.sum_table(part).items()]
            for target in (-17, -5, -1, 1, 2, 9, 30):
                n, blocks = E.sum_blocks(pips, target)
                subs = E.subsets_with_sum(pips, target)
                assert n == len(subs) and [E.subset_at(pips, target, blocks, i) for i in range(n)] == subs
    for rules in RULES[:2]:
        for seed in range(3):
            s = grown(rules, seed, E.P_DEFEND)
            if s is None or ENGINE.result(s) is not None:
                continue
            p = s[E.F_TO_MOVE]
            n, parts = E._defence_parts(s, p)
            listed = E._defences(s, p)
            assert n == len(listed) and [E._defence_at(s[3 + p] & E.PIPS, parts, i) for i in range(n)] == listed


def test_the_engines_sort_key_is_the_specs_and_search_moves_builds_no_spec_move(monkeypatch) -> None:
    """Every legal move (the candidates for a family) of positions along seeded games under four sets
    of rules (the setup's pile swaps, temptation's discards, exchanges, attacks, defences) has the
    engine's sort key equal to the spec's key of its spec move; search_moves orders an engine's moves
    by it without converting one move to the spec's."""
    seen = Counter[int]()
    states = []
    for start in starts():
        rng = random.Random(1)
        s = start
        for _ in range(40):
            listed, family = legal_or_family(ENGINE, s)
            if not listed and family is None:
                break
            moves = [*listed, *(family.candidates() if family is not None else [])]
            for m in moves:
                assert ENGINE.move_sort_key(s, m) == SPEC.move_sort_key(ENGINE.move_to_spec(s, m)), m
                seen[m[0]] += 1
            states.append(s)
            s = ENGINE.apply(s, uniform_move(listed, family, rng))
    assert all(seen[k] for k in (E.SWAP, E.KEEP, E.EXCH, E.ATTACK, E.DEFEND, E.SURRENDER, E.DRAW_OWN, E.DRAW_POOL,
                                 E.STOP, E.DISCARD, E.DECLINE)), seen

    with monkeypatch.context() as generic:
        generic.setattr(type(ENGINE), "move_sort_key", Engine.move_sort_key)
        orders = [search_moves(ENGINE, s) for s in states]

    def refused(*_args: Any) -> Any:
        raise AssertionError("search_moves converted a move to sort it")

    monkeypatch.setattr(type(ENGINE), "move_to_spec", refused)
    assert [search_moves(ENGINE, s) for s in states] == orders
    assert sum(legal_or_family(ENGINE, s)[1] is not None for s in states) > 20  # sorted with the candidates


@pytest.mark.parametrize("method", ["pimc", "ismcts"])
def test_a_seat_answer_at_a_big_hand_is_the_generic_loops(monkeypatch, method: str) -> None:
    """A pimc and an ismcts answer at a 17-card hand (hand_limit 20) are the same, move for move and
    value for value, with the engine's playout and sort key replaced by Engine's generic ones (every
    move listed, every move converted to the spec's to be sorted)."""
    from foolsolve.bots.seat_bots import SeatBot
    from foolsolve.rules import rules_to_json
    from foolsolve.seat import Settings, analyse
    from foolsolve.worlds import read_view, view_of, worlds_of_view

    start = grown(RULES[0], 1, E.P_TURN)
    assert start is not None
    state = ENGINE.to_spec(start)
    assert max(len(h) for h in state.hands) >= 17
    view = view_of(INFO, state, state.to_move)
    assert rules_to_json(state.rules)["hand_limit"] == 20
    samples = 2 if method == "pimc" else 40

    def answer() -> list[str]:
        worlds = worlds_of_view(read_view(view, check=False))
        settings = Settings(method=method, samples=samples, seconds=None, seed=3,
                            budget=SeatBot(method, samples, None, 300).budget())
        ans = analyse(INFO, worlds, settings, names={})
        return [repr(m) for m in ans.moves] + [str(b) for b in ans.best]

    fast = answer()
    monkeypatch.setattr(type(ENGINE), "playout", Engine.playout)
    monkeypatch.setattr(type(ENGINE), "move_sort_key", Engine.move_sort_key)
    assert answer() == fast
