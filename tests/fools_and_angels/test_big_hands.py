"""Fools and Angels under ``exchange_limit="hand_size"`` with a hand of 17 or more cards: every set of
the hand is an exchange (more than :data:`foolsolve.game.MAX_LISTED`), so the move list is refused,
and bots, playouts, searches, ``why`` and ``play`` go on without it; past
:data:`foolsolve.game.MAX_CONSIDERED` exchanges (a 13-card hand) the bots and searches already go
without the list, which ``why`` still prints (docs/fools-and-angels.md, "Big hands")."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

import pytest

from foolsolve import arena, bots, games
from foolsolve.game import MAX_LISTED, legal_or_family, search_moves, uniform_move
from foolsolve.rules import rules_to_json
from foolsolve.spec.fools_and_angels import SPEC, Exchange, exchange_candidates
from foolsolve.worlds import view_of
from tests.fools_and_angels.test_rules import BIG_HAND

INFO = games.get("fools-and-angels")
ENGINE = INFO.engine

SMALL_HAND = copy.deepcopy(BIG_HAND)
SMALL_HAND["hands"][0] = ["2C", "3C", "4C", "5C", "KC"]
"""BIG_HAND with a 5-card hand: 31 exchanges (every set of it) and 31 other moves, all listed."""

QUICK = copy.deepcopy(BIG_HAND)
QUICK["hands"][1], QUICK["stocks"][1] = ["2D"], []
"""BIG_HAND with player 1 down to one card and no stock: a game that ends within a few dozen moves."""

CHI2_999 = {30: 59.703, 61: 100.888}
"""The chi-square distribution's 99.9% point for 30 and 61 degrees of freedom (scipy.stats.chi2.ppf):
a uniform sampler fails a test at significance 0.001, once in a thousand seeds."""


def chi_square(counts: Counter[str], categories: list[str], draws: int) -> float:
    expected = draws / len(categories)
    assert set(counts) <= set(categories), set(counts) - set(categories)
    return sum((counts[c] - expected) ** 2 / expected for c in categories)


def test_uniform_move_is_uniform_over_every_legal_move() -> None:
    """Drawn with the exchanges as a family (uniform_move over legal_moves_split), each of the 62 legal
    moves of a 5-card hand (31 exchanges, 31 others, the full list to count against) comes up equally
    often: chi-square, 61 degrees of freedom, 6,200 draws, seeded, significance 0.001."""
    state = SPEC.state_from_json(SMALL_HAND)
    every = [str(m) for m in SPEC.legal_moves(state)]
    assert len(every) == 62
    listed, family = SPEC.legal_moves_split(state)
    assert family is not None and family.count == 31
    rng = random.Random(20261201)
    draws = 100 * len(every)
    counts = Counter(str(uniform_move(listed, family, rng)) for _ in range(draws))
    assert chi_square(counts, every, draws) < CHI2_999[61]


@pytest.mark.parametrize("side", ["spec", "engine"])
def test_a_family_sample_is_uniform_over_the_exchanges(side: str) -> None:
    """The spec's and the engine's exchange family each draw every one of the 31 exchanges of a 5-card
    hand equally often: chi-square, 30 degrees of freedom, 3,100 draws, seeded, significance 0.001."""
    state = SPEC.state_from_json(SMALL_HAND)
    exchanges = [str(m) for m in SPEC.legal_moves(state) if isinstance(m, Exchange)]
    if side == "spec":
        family = SPEC.legal_moves_split(state)[1]
        text = str
    else:
        es = ENGINE.from_spec(state)
        family = ENGINE.legal_moves_split(es)[1]

        def text(m: object) -> str:
            return str(ENGINE.move_to_spec(es, m))
    assert family is not None
    rng = random.Random(7)
    draws = 100 * len(exchanges)
    counts = Counter(text(family.sample(rng)) for _ in range(draws))
    assert chi_square(counts, exchanges, draws) < CHI2_999[30]


def test_big_hand_moves_come_as_listed_moves_and_a_family_with_bounded_candidates() -> None:
    """A 17-card hand: legal_or_family gives the listed moves and the family of 131,071 exchanges; its
    candidates are 48 distinct legal exchanges (every single card, the k lowest and the k highest by
    rank), the same from the spec and the engine; search_moves is the listed moves and them, in the
    spec's move order."""
    state = SPEC.state_from_json(BIG_HAND)
    listed, family = legal_or_family(SPEC, state)
    assert family is not None and family.count == 131_071 > MAX_LISTED
    cands = family.candidates()
    texts = [str(m) for m in cands]
    assert len(texts) == len(set(texts)) == 48 and all(family.contains(m) for m in cands)
    assert "exchange 2♣ 2♠" in texts and "exchange A♣ A♠" in texts  # the two lowest, the two highest
    es = ENGINE.from_spec(state)
    elisted, efamily = legal_or_family(ENGINE, es)
    assert len(elisted) == len(listed)
    assert efamily is not None and efamily.count == family.count
    assert sorted(str(ENGINE.move_to_spec(es, m)) for m in efamily.candidates()) == sorted(texts)
    in_order = [str(m) for m in sorted([*listed, *cands], key=SPEC.move_sort_key)]
    assert [str(m) for m in search_moves(SPEC, state)] == in_order
    assert [str(ENGINE.move_to_spec(es, m)) for m in search_moves(ENGINE, es)] == in_order


def test_the_greedy_exchange_of_the_full_list_is_a_candidate() -> None:
    """Where the exchanges can be listed, greedy's choice among every legal move equals its choice
    among the listed moves and the candidates (a 5-card hand and a 7-card one with rank ties)."""
    from foolsolve.bots.greedy import cheapest

    for cards in (["2C", "3C", "4C", "5C", "KC"], ["2C", "3C", "2S", "5C", "KC", "AS", "AC"]):
        obj = copy.deepcopy(BIG_HAND)
        obj["hands"][0] = cards
        state = SPEC.state_from_json(obj)
        listed, family = SPEC.legal_moves_split(state)
        full = bots.Seat("fools-and-angels", 0, 2, rules_to_json(state.rules), view_of(INFO, state, 0),
                         tuple(SPEC.legal_moves(state)), 0)
        split = bots.Seat("fools-and-angels", 0, 2, rules_to_json(state.rules), view_of(INFO, state, 0),
                          tuple(listed), 0, family=family)
        assert str(cheapest(split)) == str(cheapest(full))
    assert exchange_candidates([], 0) == []


def big_hand_seat(seed: int = 5, obj: dict | None = None) -> bots.Seat:
    state = SPEC.state_from_json(obj or BIG_HAND)
    listed, family = legal_or_family(SPEC, state)
    return bots.Seat("fools-and-angels", 0, 2, rules_to_json(state.rules), view_of(INFO, state, 0), tuple(listed),
                     seed, family=family)


@pytest.mark.parametrize("label", ["random", "greedy", "pimc:samples=1,nodes=200", "ismcts:iterations=8",
                                   "openspiel-ismcts:simulations=2"])
def test_every_bot_moves_at_a_seventeen_card_hand(label: str) -> None:
    """Each bot chooses a legal move at a turn with 131,071 exchanges (none lists them)."""
    if label.startswith("openspiel"):
        pytest.importorskip("pyspiel")
    seat = big_hand_seat(obj=QUICK)
    move = bots.make(label).choose(seat)
    assert seat.is_legal(move), move


def test_the_random_bot_exchanges_as_often_as_the_exchanges_are_many() -> None:
    """Uniform over all 131,072 legal moves: nearly always an exchange (the one listed move, pass,
    about once in 131,072)."""
    picks = [bots.make("random").choose(big_hand_seat(seed)) for seed in range(40)]
    assert all(isinstance(m, Exchange) for m in picks) and len({str(m) for m in picks}) == 40


@pytest.mark.parametrize("pair", [("random", "greedy"), ("greedy", "random")])
def test_an_arena_game_from_a_seventeen_card_hand_is_played_to_the_end(monkeypatch, pair) -> None:
    """An arena game whose start gives player 0 a 17-card hand under exchange_limit="hand_size" ends with
    payoffs (no refused move list, no forfeit), its first move an exchange of that hand, and the
    record replays (each exchange read without listing)."""
    start = SPEC.state_from_json(QUICK)
    monkeypatch.setattr(arena, "deal_of", lambda match, deal: start)
    match = arena.Match("fools-and-angels", BIG_HAND["rules"], 2, pair, 1, 3)
    rec = arena.play(arena.Task(match, 0, (0, 1)))
    assert rec["finished"] and rec["forfeit"] is None and rec["returns"] is not None, rec
    assert rec["moves"][0].startswith("exchange"), rec["moves"][:3]
    state = start
    for text in rec["moves"]:
        state = SPEC.apply(state, SPEC.parse_move(state, text))
    assert SPEC.is_terminal(state)


@pytest.mark.parametrize("frontier", ["random", "greedy"])
def test_playouts_go_through_a_seventeen_card_hand(frontier: str) -> None:
    """The random (the engine's) and the greedy playouts play from a 17-card hand to the end."""
    from foolsolve.playouts import playout_of

    es = ENGINE.from_spec(SPEC.state_from_json(QUICK))
    final, n = playout_of(INFO, frontier)(es, random.Random(3), 10_000)
    assert n > 0 and ENGINE.result(final) is not None


def test_why_and_play_name_an_exchange_of_a_big_hand(tmp_path, capsys) -> None:
    """`why` tests one exchange of a 17-card hand and says how many are not listed; `play` applies one;
    `moves` refuses the list in one line, saying what to do instead."""
    from tests.generic.test_cli import assert_one_line_error, run

    f = tmp_path / "big.json"
    f.write_text(json.dumps(BIG_HAND))
    code, out, _err = run(["why", str(f), "exchange 2C 3C"], capsys)
    assert code == 0 and "exchange 2♣ 3♣ is legal." in out
    assert "Legal moves: pass, and 131,071 exchange moves, too many to list" in out
    code, out, _err = run(["why", str(f), "exchange 2D", "--json"], capsys)
    obj = json.loads(out)
    assert code == 0 and obj["legal"] is False and obj["unlisted_moves"] == {"kind": "exchange", "count": 131_071}
    code, out, _err = run(["play", str(f), "exchange 2C 3C", "pass"], capsys)
    assert code == 0, _err
    code, _out, err = run(["moves", str(f)], capsys)
    assert_one_line_error(code, err, "more than the 65,535 this program lists (foolsolve why POSITION 'exchange CARDS' "
                          "checks one of them")


def test_an_external_bot_is_told_of_the_family_and_may_answer_any_exchange() -> None:
    """The protocol's request carries the family (kind, count, candidates); an answer naming any
    exchange of the hand, listed among the candidates or not, is that legal move; a card not held is a
    fault."""
    from foolsolve.bots.external import family_json, pick

    seat = big_hand_seat()
    assert seat.family is not None
    obj = family_json(seat.family)
    assert obj["kind"] == "exchange" and obj["count"] == 131_071 and len(obj["candidates"]) == 48
    assert str(pick(seat, "exchange 3C 9C 7D")) == "exchange 3♣ 9♣ 7♦"
    assert str(pick(seat, "0")) == "pass"
    with pytest.raises(bots.Forfeit, match="illegal move"):
        pick(seat, "exchange 2D")


def test_a_seat_with_a_family_never_leads_back_to_the_position(monkeypatch) -> None:
    """A seat at a 17-card turn carries the exchange family, and nothing reachable from it (the
    family's functions' closures and defaults included) is a position: the family holds the mover's
    cards and sizes alone. (A function's module globals are not followed: any bot reaches those by
    importing the module.)"""
    import gc
    import types

    def referents(obj: object) -> list[object]:
        if isinstance(obj, types.FunctionType):
            return [c.cell_contents for c in obj.__closure__ or ()] + list(obj.__defaults__ or ())
        return [] if isinstance(obj, types.ModuleType) else gc.get_referents(obj)

    from foolsolve.spec.fools_and_angels import State

    seats: list[bots.Seat] = []

    class Spy(bots.Bot):
        def choose(self, seat: bots.Seat) -> object:
            seats.append(seat)
            return bots.make("random").choose(seat)

    start = SPEC.state_from_json(QUICK)
    monkeypatch.setattr(arena, "deal_of", lambda match, deal: start)
    bots.register(bots.BotInfo("spy", "records its seats", lambda p, r: Spy()))
    try:
        match = arena.Match("fools-and-angels", QUICK["rules"], 2, ("spy", "random"), 1, 3)
        arena.play(arena.Task(match, 0, (0, 1)))
    finally:
        bots.unregister("spy")
        arena.close_bots()
    assert seats[0].family is not None and seats[0].family.count == 131_071
    seen, todo = set(), [seats[0]]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, type):
            continue
        seen.add(id(obj))
        assert not isinstance(obj, State), "a bot could reach the full position"
        todo.extend(referents(obj))


ENDGAME = copy.deepcopy(QUICK)
ENDGAME["pool"], ENDGAME["stocks"] = [], [[], []]
"""QUICK with the stocks and the pool empty: every card open, a position the endgame solver covers, whose
17-card hand it cannot list (an exchange may draw back the cards just put under the empty pool)."""


def test_a_search_over_part_of_the_exchanges_is_no_exact_answer() -> None:
    """The open-hand search of a 17-card endgame weighs the candidates, reaches every end, and still
    says its answer is not exact, with a note why (the endgame solver's refusal to list is no error
    here); pimc plays there too."""
    from foolsolve.solver import open_hand

    state = SPEC.state_from_json(ENDGAME)
    assert legal_or_family(SPEC, state)[1] is not None
    ans = open_hand.solve_world(INFO, state, open_hand.Budget(max_nodes=20_000, playouts=1), player=0)
    assert not ans.exact and len(ans.values) == len(search_moves(SPEC, state))
    assert any("weighed a bounded list of them" in note and "not exact" in note for note in ans.notes), ans.notes
    seat = big_hand_seat(obj=ENDGAME)
    assert seat.is_legal(bots.make("pimc:samples=2").choose(seat))


def test_a_thirteen_card_hand_is_played_with_the_family_and_never_listed(monkeypatch) -> None:
    """A 13-card hand has 8,191 exchanges: more than MAX_CONSIDERED, so the arena's seat carries the
    family, greedy, random and pimc choose without the full list (neither the spec's nor the engine's
    exchange list is ever built: counted calls), the arena's legality check tests membership, and
    `why` still lists all 8,192 legal moves."""
    from foolsolve.engines import fools_and_angels as engine_module
    from foolsolve.game import MAX_CONSIDERED
    from foolsolve.spec import fools_and_angels as spec_module
    from foolsolve.why import explain

    obj = copy.deepcopy(BIG_HAND)
    obj["hands"][0] = obj["hands"][0][:13]
    state = SPEC.state_from_json(obj)
    calls = Counter[str]()
    real_spec, real_check = spec_module.exchange_moves, spec_module.check_exchanges

    def spec_list(s: object) -> object:
        calls["spec"] += 1
        return real_spec(s)

    def engine_list(count: int, hand: int) -> None:  # the engine's listing asks this first
        calls[f"list {count}"] += 1
        real_check(count, hand)

    monkeypatch.setattr(spec_module, "exchange_moves", spec_list)
    monkeypatch.setattr(spec_module, "check_exchanges", engine_list)
    assert engine_module.S is spec_module
    seat = big_hand_seat(obj=obj)
    assert seat.family is not None and seat.family.count == 8_191 > MAX_CONSIDERED
    for label in ("random", "greedy", "pimc:samples=2,nodes=300"):
        move = bots.make(label).choose(seat)
        assert seat.is_legal(move), (label, move)
    assert str(bots.make("greedy").choose(seat)) == "exchange 2♣ 2♠"  # the lowest ranks, as the full list gives
    assert not any(k == "spec" or k == "list 8191" for k in calls), calls
    ans = explain(SPEC, state, "exchange 2C 3C")
    assert ans.legal and ans.unlisted is None and len(ans.legal_moves) == 8_192


def test_the_engine_playout_plays_the_generic_loops_game(monkeypatch) -> None:
    """The engine's playout, which draws a defence by its index without listing the defences, plays
    the same game as Engine.playout's generic loop for the same seed (final state and move count),
    from a 17-card and a 13-card hand under hand_limit 20 and from fresh seeded deals."""
    from foolsolve.engines import fools_and_angels as engine_module
    from foolsolve.game import Engine
    from foolsolve.rules import rules_from_json

    drawn = Counter[str]()
    real_at = engine_module._defence_at

    def defence_at(pips: int, parts: list, i: int) -> tuple[int, ...]:
        drawn["defence"] += 1
        return real_at(pips, parts, i)

    monkeypatch.setattr(engine_module, "_defence_at", defence_at)

    rules = {"exchange": True, "exchange_limit": "hand_size", "hand_limit": 20}
    thirteen = copy.deepcopy(QUICK)
    thirteen["hands"][0], thirteen["rules"] = thirteen["hands"][0][:13], rules
    starts = [ENGINE.from_spec(SPEC.state_from_json(obj)) for obj in (QUICK, thirteen)]
    starts += [ENGINE.deal(rules_from_json(SPEC.rules_cls, rules), 2, random.Random(seed)) for seed in range(4)]
    for i, start in enumerate(starts):
        for seed in range(3):
            fast = ENGINE.playout(start, random.Random(seed), 2_000)
            slow = Engine.playout(ENGINE, start, random.Random(seed), 2_000)
            assert fast == slow, (i, seed)
    assert drawn["defence"] > 20, drawn  # the defences were drawn by index
