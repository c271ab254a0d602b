"""001's side rules (options off by default): each rule sentence, spec against engine in lockstep,
and the solvers that do not play them refusing in one line (or answering by a search over the engine)."""

from __future__ import annotations

import dataclasses
import json
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from foolsolve import conformance, games
from foolsolve.cards import FRENCH52, Card
from foolsolve.errors import InputError
from foolsolve.rules import random_rules
from foolsolve.solver.base import NotCovered
from foolsolve.solver.minimax import move_values, value_for
from foolsolve.spec.durak import SPEC, Exchange, Rules, State, side_options
from tests.durak.helpers import card, moves, play, pos
from tests.generic.test_cli import run

EXCHANGE = {"variant": "podkidnoy", "trump_ace_exchange": True}


def exchange_endgame(**rules: object) -> dict[str, object]:
    """Two players, the trump ace (A♠) face up under a one-card stock; player 0 leads and holds 6♠."""
    return {"game": "durak", "rules": {**EXCHANGE, **rules}, "trump": "S",
            "hands": [["6H", "9D", "KH", "6S"], ["7H", "AD", "8S"]], "stock": ["AS"], "attacker": 0, "defender": 1,
            "table": [], "to_move": 0}


# --- 001 §Translation: "exchange a trump ace, lying open under the deck, for a trump six" -------------


def test_trump_ace_exchange_gives_the_six_of_trumps_for_the_ace_under_the_stock() -> None:
    """001 §Translation: "So, some offer to exchange a trump ace, lying open under the deck, for a trump
    six." The lead attacker, before leading (reconstruction exchange_when), gives 6♠ for A♠; the six
    then lies face up under the stock and the attacker still leads."""
    state = SPEC.state_from_json(exchange_endgame())
    assert moves(state)[-1] == "exchange 6♠"
    after = play(state, "exchange 6S")
    assert after.stock == (card("6S"),) and card("AS") in after.hands[0] and card("6S") not in after.hands[0]
    assert after.to_move == 0 and not after.table and "exchange 6♠" not in moves(after)
    assert "attack A♠" in moves(after)
    # the six is the last card drawn, as the ace would have been
    assert card("6S") in play(after, "attack 9D", "take").hands[0]


def test_trump_ace_exchange_needs_the_option_the_lead_the_six_and_the_ace_under_the_stock() -> None:
    """`why` names 001's sentence for each condition, and the option where it would change the verdict."""
    off = SPEC.state_from_json(exchange_endgame(trump_ace_exchange=False))
    assert "exchange 6♠" not in moves(off)
    why = SPEC.why_illegal(off, Exchange(card("6S")))
    assert [(r.rule, r.option, r.value) for r in why] == [("exchange_reasons", "trump_ace_exchange", False)]
    assert "lying open under the deck" in why[0].quote and why[0].section == "Translation"
    state = SPEC.state_from_json(exchange_endgame())
    says = [r.says for r in SPEC.why_illegal(state, Exchange(card("6H")))]
    assert says == ["6♥ is not the six of trumps", "no card 6♥ in player 0's hand"] or \
        says == ["6♥ is not the six of trumps"]
    bout = play(state, "attack 9D")
    assert any("before leading" in r.says for r in SPEC.why_illegal(bout, Exchange(card("6S"))))
    no_ace = pos(rules=EXCHANGE, hands=[["6H", "6S"], ["7H", "AD"]], stock=["KS"])
    assert [r.says for r in SPEC.why_illegal(no_ace, Exchange(card("6S")))] == [
        "K♠ lies face up under the stock, not the trump ace"]
    legal = SPEC.why_legal(state, Exchange(card("6S")))
    assert legal[0].option == "trump_ace_exchange" and "gives 6♠ for the trump ace A♠" in legal[0].says


def test_trump_ace_exchange_move_reads_and_prints() -> None:
    state = SPEC.state_from_json(exchange_endgame())
    assert SPEC.read_move(state, "exchange 6S") == Exchange(card("6S"))
    assert str(Exchange(card("6S"))) == "exchange 6♠"


def _with_ace_under(state: State, rng: random.Random) -> State:
    """A fresh deal with the trump ace moved under the stock and the six of trumps into the lead attacker's
    hand (each swapped with the card that was there), so the exchange is on offer."""
    assert state.trump is not None and state.stock
    ace, six = FRENCH52.card(state.trump, 14), FRENCH52.card(state.trump, 6)
    zones = [list(h) for h in state.hands] + [list(state.stock)]

    def swap(a: Card, b: Card) -> None:
        for zone in zones:
            zone[:] = [b if x == a else a if x == b else x for x in zone]

    swap(zones[-1][-1], ace)
    if six not in zones[state.attacker]:
        swap(rng.choice(sorted(c for c in zones[state.attacker] if c != ace)), six)
    hands = tuple(frozenset(z) for z in zones[:-1])
    return dataclasses.replace(state, hands=hands, stock=tuple(zones[-1]), redeal_seed=None,
                               to_move=state.attacker, defender_start=len(hands[state.defender]))


@settings(max_examples=max(10, settings.default.max_examples // 3))
@given(seed=st.integers(min_value=0, max_value=2**63))
def test_spec_and_engine_agree_with_the_trump_ace_exchange(seed: int) -> None:
    """Lockstep (foolsolve.conformance) over whole games under random rules with the exchange on, from
    deals where the trump ace lies under the stock and the lead attacker holds the six of trumps."""
    rng = random.Random(seed)
    rules = random_rules(Rules, rng, trump_ace_exchange=True, redeal_right=False)
    deal = SPEC.deal(rules, rng.randint(2, 5), rng)
    state = _with_ace_under(deal, rng)
    assert any(isinstance(m, Exchange) for m in SPEC.legal_moves(state))
    d = conformance.lockstep(games.get("durak"), state, rng)
    assert d is None, f"{d.summary()}\nposition: {d.position}\nmoves: {d.history}"


# --- the solvers that do not play the side rules ------------------------------------------------------


def test_side_options_name_the_side_rules_set() -> None:
    assert side_options(Rules()) == []
    assert side_options(Rules(trump_ace_exchange=True)) == ["trump_ace_exchange=true"]


def test_exact_durak_solver_and_native_playout_refuse_side_rules_in_one_line() -> None:
    from foolsolve.engines.durak import ENGINE
    from foolsolve.engines.durak_playout import playout
    from foolsolve.solver.durak import check_endgame
    from foolsolve.solver.durak.shared import compiled_covers

    es = ENGINE.from_spec(SPEC.state_from_json(exchange_endgame()))
    with pytest.raises(NotCovered, match=r"^rules: the exact Durak solver does not play trump_ace_exchange=true$"):
        check_endgame(es)
    assert not compiled_covers(es)
    with pytest.raises(InputError, match=r"^rules: the native Durak playout does not play 001's side rules"):
        playout(es, random.Random(0))
    # the engine's playout runs its generic loop instead: the spec's seeded game, move for move
    s = SPEC.state_from_json(exchange_endgame())
    rng = random.Random(5)
    while SPEC.legal_moves(s):
        s = SPEC.apply(s, rng.choice(SPEC.legal_moves(s)))
    final, _ = ENGINE.playout(es, random.Random(5))
    assert ENGINE.to_spec(final) == s


def test_cli_answers_a_side_rule_endgame_by_search_over_the_engine_equal_to_minimax_over_the_spec(
        tmp_path, capsys) -> None:
    """The exact solver does not cover the exchange; the CLI says so and answers by exact search over
    the engine, whose values equal exhaustive minimax over the spec (a second, independent method)."""
    f = tmp_path / "pos.json"
    f.write_text(json.dumps(exchange_endgame()))
    code, out, err = run([str(f), "--json"], capsys)
    assert code == 0, err
    res = json.loads(out)
    assert any("trump_ace_exchange=true" in n for n in res["notes"])
    state = SPEC.state_from_json(exchange_endgame())
    # minimax values the payoff difference (+1 against -1: 2), the CLI player 0's payoff
    want = {m: v / 2 for m, v in move_values(SPEC, state).items()}
    assert {m["move"]: Fraction(m["value"]) for m in res["moves"]} == want
    assert Fraction(res["value"]) == value_for(SPEC, state, 0) / 2 == 1
    assert "exchange 6♠" in res["best"]
