"""Durak's re-deal (001 = shared/seeds/001_def8269363c5257b.txt, §Card game): "each of the players
has the right to demand a complete re-dealing of cards if, after the distribution, he has 5 or more
cards in his hands that belong to the same suit"; "After the re-deal of the card, it is permissible to
repeat the trump card and it can be repeated many times during the re-deal." One test per sentence and
reading, the position files, `why`, the engine in lockstep from decks dealt to make players eligible,
the solver, the OpenSpiel bridge and the ambiguity policy."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from foolsolve import games
from foolsolve.cards import FRENCH36
from foolsolve.conformance import lockstep
from foolsolve.errors import InputError
from foolsolve.game import IllegalMove
from foolsolve.rules import options_of
from foolsolve.spec import durak
from foolsolve.spec.durak import SPEC, Keep, Redeal, Rules
from foolsolve.why import explain
from tests.durak.helpers import FixedDeck, check_invariants, deck_order, moves, play
from tests.generic.test_cli import assert_one_line_error, run

EXAMPLES = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"
FIVE_HEARTS = ["6H", "7H", "8H", "9H", "10H", "6C"]
"""Player 0's cards in :func:`dealt`: five hearts."""
ORDINARY = ["7C", "8C", "6D", "7D", "6S", "7S"]
"""Three suits, at most two cards of each."""


def dealt(*hands: list[str], trump_card: str = "AS", players: int | None = None, rules: Rules | None = None,
          seed: int = 0) -> durak.State:
    """The spec's deal of a deck whose first cards are ``hands`` (six each), then ``trump_card``
    (turned up), then the rest in index order; ``seed`` seeds the generator the deal draws the
    re-deal's seed from."""
    first = [c for h in hands for c in h]
    rng = FixedDeck(deck_order([*first, trump_card]))
    rng.seed(seed)
    return SPEC.deal(rules or Rules(), players or len(hands), rng)


def eligible_seed(players: int = 2, start: int = 0) -> int:
    """The first seed from ``start`` whose deal (``random.Random(seed)``) holds 5 or more cards of one
    suit in some hand: a re-deal with that seed opens the redeal phase again."""
    seed = start
    while not durak.redeal_order(SPEC.deal(Rules(redeal_right=False), players, random.Random(seed)).hands):
        seed += 1
    return seed


def with_seed(state: durak.State, seed: int) -> durak.State:
    """``state`` (in the redeal phase) with another hidden seed, read back from its position file."""
    obj = SPEC.state_to_json(state)
    obj["redeal_seed"] = seed
    return SPEC.state_from_json(obj)


# --- the rule sentences ----------------------------------------------------------------------------


def test_001_redeal_right_five_cards_of_one_suit_may_demand_a_redeal() -> None:
    # "if, after the distribution, he has 5 or more cards in his hands that belong to the same suit"
    s = dealt(FIVE_HEARTS, ORDINARY)
    assert durak.phase(s) == durak.REDEAL and s.to_move == 0
    assert moves(s) == ["redeal", "keep"]
    assert s.attacker == 1 and s.first_bout  # play starts, once it starts, as dealt: the lowest trump leads
    check_invariants(s)


def test_001_redeal_right_not_with_four_cards_of_one_suit() -> None:
    s = dealt(["6H", "7H", "8H", "9H", "6S", "7C"], ["8C", "9C", "6D", "7D", "6C", "7S"])  # player 0 leads
    assert durak.phase(s) == durak.LEAD and s.redeal_seed is None
    assert "redeal" not in moves(s) and "keep" not in moves(s)
    reasons = SPEC.why_illegal(s, Redeal())
    assert {r.rule for r in reasons} == {"redeal_right"}
    assert "holds at most 4 cards of one suit (4 hearts)" in " ".join(r.says for r in reasons)


def test_001_redeal_right_six_cards_of_one_suit() -> None:
    s = dealt(["6H", "7H", "8H", "9H", "10H", "JH"], ORDINARY)
    assert durak.phase(s) == durak.REDEAL and s.to_move == 0
    assert "holds 6 hearts" in SPEC.describe(s)


def test_001_each_of_the_players_is_asked_in_turn() -> None:
    # "each of the players has the right": RECONSTRUCTION, asked in the order of the deal
    s = dealt(ORDINARY, ["6C", "9C", "10C", "JC", "QC", "8D"], [*FIVE_HEARTS[:5], "9D"])
    assert durak.redeal_order(s.hands) == [1, 2] and s.to_move == 1
    t = play(s, "keep")
    assert durak.phase(t) == durak.REDEAL and t.to_move == 2 and t.redeal_seed == s.redeal_seed
    u = play(t, "keep")
    assert durak.phase(u) == durak.LEAD and u.to_move == u.attacker
    # the second player may demand the re-deal the first declined
    assert play(t, "redeal") == SPEC.deal(s.rules, 3, random.Random(s.redeal_seed))


def test_001_keep_leaves_the_deal_as_dealt() -> None:
    # "has the right to demand": a right, not a duty
    s = dealt(FIVE_HEARTS, ORDINARY)
    kept = play(s, "keep")
    off = dealt(FIVE_HEARTS, ORDINARY, rules=Rules(redeal_right=False))
    assert kept == dataclasses.replace(off, rules=s.rules)
    assert kept.hands == s.hands and kept.stock == s.stock and kept.redeal_seed is None
    assert [r.rule for r in SPEC.why_legal(s, Keep())] == ["redeal_right", "keep_deal"]


def test_001_redeal_is_a_complete_new_deal() -> None:
    # "demand a complete re-dealing of cards": all 36 cards, the same players and rules
    s = dealt(FIVE_HEARTS, ORDINARY, seed=3)
    t = play(s, "redeal")
    assert t == SPEC.deal(s.rules, 2, random.Random(s.redeal_seed))
    cards = [c for h in t.hands for c in h] + list(t.stock)
    assert sorted(cards) == sorted(FRENCH36.cards) and all(len(h) == 6 for h in t.hands)
    assert t.hands != s.hands and t.first_bout and not t.discard and t.players == 2
    check_invariants(t)


def test_001_after_the_redeal_the_trump_may_repeat() -> None:
    # "After the re-deal of the card, it is permissible to repeat the trump card"
    s = dealt(FIVE_HEARTS, ORDINARY)
    trumps = {play(with_seed(s, seed), "redeal").trump for seed in range(24)}
    assert s.trump in trumps and len(trumps) > 1


def test_001_the_redeal_can_be_repeated_many_times() -> None:
    # "it can be repeated many times during the re-deal": a new deal with 5 of a suit opens its own phase
    s = with_seed(dealt(FIVE_HEARTS, ORDINARY), eligible_seed())
    t = play(s, "redeal")
    assert durak.phase(t) == durak.REDEAL and t.redeal_seed is not None and t.redeal_seed != s.redeal_seed
    u = play(t, "redeal")
    assert u == SPEC.deal(s.rules, 2, random.Random(t.redeal_seed))


def test_option_redeal_right_no_has_no_redeal_phase() -> None:
    s = dealt(FIVE_HEARTS, ORDINARY, rules=Rules(redeal_right=False))
    assert durak.phase(s) == durak.LEAD and "redeal" not in moves(s)
    reasons = SPEC.why_illegal(s, Redeal())
    assert ("redeal_right", "redeal_right") in [(r.rule, r.option) for r in reasons]
    with pytest.raises(IllegalMove, match="re-deals are not played under these rules"):
        play(s, "redeal")


def test_the_deal_draws_the_seed_only_when_the_phase_opens() -> None:
    a, b = random.Random(5), random.Random(5)
    SPEC.deal(Rules(), 2, a)
    SPEC.deal(Rules(redeal_right=False), 2, b)
    assert a.random() == b.random()  # no eligible hand in this deal: the same draws either way
    c = FixedDeck(deck_order([*FIVE_HEARTS, *ORDINARY, "AS"]))
    s = SPEC.deal(Rules(), 2, c)
    assert s.redeal_seed == FixedDeck([]).getrandbits(durak.SEED_BITS) and 0 <= s.redeal_seed < 2 ** 53


def test_redeal_right_is_listed_from_the_text(capsys: pytest.CaptureFixture[str]) -> None:
    opt = {o.name: o for o in options_of(Rules)}["redeal_right"]
    assert opt.default is True and not opt.reconstructed and "5 or more cards" in opt.source
    code, out, _ = run(["rules", "durak"], capsys)
    section = out.split("From the source text")[1].split("\n\n")[0]
    assert code == 0 and "redeal_right" in section


# --- why -------------------------------------------------------------------------------------------


def test_why_redeal_not_eligible_not_the_phase_and_option_off() -> None:
    s = dealt(FIVE_HEARTS, ORDINARY)
    lead = play(s, "keep")  # player 1 has two cards of each of three suits
    exp = explain(SPEC, lead, "redeal")
    assert not exp.legal and [r.rule for r in exp.reasons] == ["redeal_right", "redeal_right"]
    says = [r.says for r in exp.reasons]
    assert "play has begun" in says[0] and "before the first attack" in says[0]
    assert says[1] == "player 1 holds at most 2 cards of one suit (2 clubs); a re-deal needs 5 or more"
    assert all(r.section == "Card game" and "5 or more cards" in r.quote for r in exp.reasons)
    off = SPEC.with_rules(lead, Rules(redeal_right=False))
    assert next(r.option for r in SPEC.why_illegal(off, Redeal())) == "redeal_right"
    assert "re-deals are not played under these rules" in explain(SPEC, off, "redeal").one_line()


def test_why_redeal_another_player_decides_now() -> None:
    s = SPEC.state_from_json(json.loads((EXAMPLES / "durak-redeal.json").read_text()))
    assert s.to_move == 0 and durak.redeal_order(s.hands) == [0, 1]
    assert [r.says for r in durak.redeal_reasons(s, 1)] == [
        "player 0 decides now (each player with the right is asked in turn)"]
    assert durak.redeal_reasons(s, 0) == []
    assert "player 2 holds at most 3 cards of one suit (3 diamonds)" in durak.redeal_reasons(s, 2)[-1].says


def test_why_keep_and_other_moves_in_the_redeal_phase() -> None:
    s = dealt(FIVE_HEARTS, ORDINARY)
    exp = explain(SPEC, s, "attack 6D")
    assert not exp.legal and exp.reasons[0].rule == "phase" and "just dealt" in exp.reasons[0].says
    assert explain(SPEC, s, "keep").legal and explain(SPEC, s, "redeal").legal
    assert "play begins, player 1 leads" in explain(SPEC, s, "keep").reasons[-1].says
    lead = play(s, "keep")
    exp = explain(SPEC, lead, "keep")
    assert [r.rule for r in exp.reasons] == ["phase"] and exp.reasons[0].section == "Card game"
    assert SPEC.read_move(s, "re-deal") == Redeal() and SPEC.read_move(s, "KEEP") == Keep()


# --- position files --------------------------------------------------------------------------------


def test_redeal_phase_position_round_trips_and_views_hide_the_seed() -> None:
    s = dealt(FIVE_HEARTS, ORDINARY, seed=9)
    obj = SPEC.state_to_json(s)
    assert obj["phase"] == "redeal" and obj["redeal_seed"] == s.redeal_seed
    assert SPEC.state_from_json(json.loads(json.dumps(obj))) == s
    for p in range(2):
        view = SPEC.observation(s, p)
        assert "redeal_seed" not in view and view["phase"] == "redeal"
        assert str(s.redeal_seed) not in SPEC.information_state(s, p)
    # a position written before the redeal phase existed (no phase, no seed) loads as play
    old = {k: v for k, v in obj.items() if k not in ("phase", "redeal_seed", "to_move")}
    assert durak.phase(SPEC.state_from_json(old)) == durak.LEAD
    # hand-written: to_move and first_bout follow from the phase
    short = {k: v for k, v in obj.items() if k not in ("to_move", "first_bout", "phase", "rules")}
    assert SPEC.state_from_json(short) == s


@pytest.mark.parametrize("change,needle", [
    ({"redeal_seed": -1}, "redeal_seed"),
    ({"redeal_seed": 2 ** 53}, "redeal_seed"),
    ({"redeal_seed": "7"}, "redeal_seed"),
    ({"phase": "redeal", "redeal_seed": None}, "phase: the position is in phase lead, not redeal"),
    ({"phase": "defend"}, "phase: the position is in phase redeal, not defend"),
    ({"phase": "bidding"}, "phase"),
    ({"rules": {"redeal_right": False}}, "redeal_seed: a redeal phase needs the rule option redeal_right"),
    ({"to_move": 1}, "to_move: player 1 may not demand a re-deal"),
    ({"attacker": 0, "defender": 1}, "attacker: must be 1"),
    ({"first_bout": False}, "first_bout"),
    ({"table": [["6C", None]]}, "table"),
    ({"out": [1]}, "out: players only go out once the stock is empty"),
    ({"shown": ["6S"]}, "shown: must be empty in the redeal phase"),
    ({"last_defender": 1}, "last_defender: must be 0 (the first defender)"),
    ({"trump": None}, "trump: a deal turns up a trump suit"),
])
def test_bad_redeal_phase_positions_are_one_line_errors(change: dict[str, Any], needle: str) -> None:
    obj = {**SPEC.state_to_json(dealt(FIVE_HEARTS, ORDINARY)), **change}
    if "table" in change:
        obj["hands"] = [[c for c in h if c != "6C"] for h in obj["hands"]]
    with pytest.raises(InputError) as exc:
        SPEC.state_from_json(obj)
    assert needle in str(exc.value) and "\n" not in str(exc.value)


def test_redeal_phase_needs_a_fresh_deal() -> None:
    obj = SPEC.state_to_json(dealt(FIVE_HEARTS, ORDINARY))
    gone = {**obj, "stock": obj["stock"][1:]}
    with pytest.raises(InputError, match="discard: the redeal phase comes right after the deal"):
        SPEC.state_from_json(gone)
    short = json.loads(json.dumps(obj))
    short["stock"].insert(0, short["hands"][1].pop())
    with pytest.raises(InputError, match="hands\\[1\\]: 5 cards; right after the deal every hand has 6"):
        SPEC.state_from_json(short)
    six = SPEC.state_to_json(SPEC.deal(Rules(), 6, FixedDeck(deck_order([]))))  # one suit a hand, no stock
    assert six["phase"] == "redeal" and six["stock"] == [] and six["trump"] == "S" and six["turned"] == "AS"
    with pytest.raises(InputError, match="trump: with no stock the trump is the suit of the last card dealt"):
        SPEC.state_from_json({**SPEC.without_knowledge(six), "trump": "C"})
    with pytest.raises(InputError, match=r"^turned: AS is not a club, the trump, and the card turned up names the trump"):
        SPEC.state_from_json({**six, "trump": "C"})
    swapped = json.loads(json.dumps(obj))
    other = swapped["stock"][0]
    swapped["hands"][0] = [other if c == "10H" else c for c in swapped["hands"][0]]
    swapped["stock"][0] = "10H"  # player 0 now holds four hearts
    with pytest.raises(InputError, match="hands: nobody holds 5 or more cards of one suit"):
        SPEC.state_from_json(swapped)


def test_cli_moves_play_why_and_the_solver_on_a_redeal_phase(tmp_path: Path, capsys: Any) -> None:
    path = tmp_path / "redeal.json"
    path.write_text(json.dumps(SPEC.state_to_json(dealt(FIVE_HEARTS, ORDINARY))))
    code, out, _ = run(["moves", str(path)], capsys)
    assert code == 0 and out.split() == ["redeal", "keep"]
    code, out, _ = run(["play", str(path), "keep"], capsys)
    assert code == 0 and "(lead)" in out
    code, out, _ = run(["why", str(path), "redeal"], capsys)
    assert code == 0 and "redeal is legal" in out and "holds 5 hearts" in out
    code, _, err = run(["play", str(path), "attack 6D"], capsys)
    assert_one_line_error(code, err, "just dealt")
    # the exact solver does not take the phase (NotCovered); the mover's seat answers it: the next
    # shuffle is hidden from every player
    code, out, _ = run(["solve", str(path), "--samples", "6", "--seed", "1"], capsys)
    assert code == 0 and "seen from player 0's seat" in out and "redeal" in out and "keep" in out
    code, out, _ = run(["deal", "durak", "--seed", str(eligible_seed(2))], capsys)
    dealt_obj = json.loads(out)
    assert code == 0 and dealt_obj["phase"] == "redeal" and isinstance(dealt_obj["redeal_seed"], int)


def test_a_two_player_redeal_phase_is_answered_from_the_seat_of_the_player_deciding(tmp_path: Path, capsys: Any) -> None:
    """The seat analysis of the player who may demand the re-deal, two players: each world's exact
    solve was refused as bad input (the redeal phase is no endgame), so the answer and every seat
    bot deciding there (an arena match of pimc) failed; the exact solver now says NotCovered and
    each world is valued by the open-hand search."""
    from foolsolve import bots
    from foolsolve.bots import Seat
    from foolsolve.worlds import view_of

    state = dealt(FIVE_HEARTS, ORDINARY)
    assert SPEC.to_move(state) == 0 and state.players == 2
    path = tmp_path / "redeal.json"
    path.write_text(json.dumps(SPEC.state_to_json(state)))
    code, out, _ = run(["solve", str(path), "--as", "0", "--samples", "6", "--seed", "2"], capsys)
    assert code == 0 and "seen from player 0's seat" in out
    seat = Seat(game="durak", player=0, players=2, rules=SPEC.state_to_json(state)["rules"],
                view=view_of(games.get("durak"), state, 0), legal=tuple(SPEC.legal_moves(state)), seed=7)
    assert str(bots.make("pimc:samples=4").choose(seat)) in ("redeal", "keep")


# --- the engine ------------------------------------------------------------------------------------


@st.composite
def rigged_deals(draw: st.DrawFn) -> tuple[Rules, int, list[str], int]:
    """Random rules and player count, a deck shuffled so that one or two players get 5 or 6 cards of
    one suit, and the seed the deal draws the re-deal's seed from."""
    from foolsolve.rules import random_rules
    from foolsolve.spec.durak import side_defaults

    rules = random_rules(Rules, random.Random(draw(st.integers(0, 2 ** 16))), **{**side_defaults(), "redeal_right": True})
    players = draw(st.integers(2, 6))
    deck = [c.ascii for c in rules.deck_cards.cards]
    order = draw(st.permutations(deck))
    rest = list(order)
    hands: list[list[str]] = []
    for p in range(players):
        if p < 2 and draw(st.booleans()):
            suit = draw(st.sampled_from("CDHS"))
            k = draw(st.integers(5, 6))
            same = [c for c in rest if c[-1] == suit][:k]
            hand = same + [c for c in rest if c not in same][:6 - len(same)]
        else:
            hand = rest[:6]
        rest = [c for c in rest if c not in hand]
        hands.append(hand)
    return rules, players, [c for h in hands for c in h] + rest, draw(st.integers(0, 2 ** 32))


@given(rigged_deals())
def test_engine_deals_and_plays_in_lockstep_from_rigged_decks(case: tuple[Rules, int, list[str], int]) -> None:
    rules, players, order, seed = case
    info = games.get("durak")
    eng = info.engine
    a, b = FixedDeck(order), FixedDeck(order)
    a.seed(seed)
    b.seed(seed)
    s, e = SPEC.deal(rules, players, a), eng.deal(rules, players, b)
    assert SPEC.state_to_json(eng.to_spec(e)) == SPEC.state_to_json(s)
    assert a.random() == b.random()  # the same draws
    d = lockstep(info, s, random.Random(seed), max_steps=12, engine_start=e)
    assert d is None, d.summary()
    # the native playout plays the spec's seeded game, the redeal phase included
    end, n = eng.playout(e, random.Random(seed), max_moves=40)
    t, r = s, random.Random(seed)
    for _ in range(n):
        t = SPEC.apply(t, r.choice(SPEC.legal_moves(t)))
    assert SPEC.state_to_json(eng.to_spec(end)) == SPEC.state_to_json(t)


def test_engine_redeal_and_keep_moves() -> None:
    from foolsolve.engines import durak as E

    s = with_seed(dealt(FIVE_HEARTS, ORDINARY), eligible_seed())
    e = E.from_spec_state(s)
    assert E.legal(e) == [(E.REDEAL, 0, 0), (E.KEEP, 0, 0)]
    assert [E.move_text(m) for m in E.legal(e)] == ["redeal", "keep"]
    again = E.ENGINE.apply(e, (E.REDEAL, 0, 0))
    assert E.to_spec_state(again) == play(s, "redeal") and again.seed is not None
    assert E.ENGINE.key(again) != E.ENGINE.key(E.ENGINE.apply(e, (E.KEEP, 0, 0)))
    assert E.ENGINE.observation(e, 0) == SPEC.observation(s, 0)
    # the engine's own answer to "does this move deal anew" (the OpenSpiel bridge asks it) is the spec's
    lead = E.ENGINE.apply(e, (E.KEEP, 0, 0))
    for state in (e, lead):
        for m in E.legal(state):
            assert E.ENGINE.deals_anew(state, m) == SPEC.deals_anew(E.to_spec_move(m)) == (m[0] == E.REDEAL)


# --- ambiguities, OpenSpiel --------------------------------------------------------------------------


def test_the_ambiguity_policy_demands_a_redeal_when_entitled() -> None:
    from foolsolve.ambiguities import adapter_for

    adapter = adapter_for(games.get("durak"))
    s = dealt(FIVE_HEARTS, ORDINARY)
    assert adapter.policy_move(s) == Redeal()
    assert "re-deal" in adapter.policy_definition
    # on the way, the redeal phase under redeal_right=false is no position: counted as a difference
    obj = SPEC.state_to_json(s)
    assert adapter.legal_texts(obj, "redeal_right", False) is None
    assert adapter.legal_texts(obj, "redeal_right", True) == {"redeal", "keep"}


def test_ambiguities_over_deals_for_redeal_right() -> None:
    from click.testing import CliRunner

    from foolsolve.ambiguities_cli import ambiguities

    seed = eligible_seed(2)
    res = CliRunner().invoke(ambiguities, ["durak", "--option", "redeal_right", "--deals", "1", "--seed", str(seed),
                                           "--no-witness", "--json"], catch_exceptions=False)
    assert res.exit_code == 0, res.output
    deals = json.loads(res.output)["deals"]
    assert "policy play" in deals["method"] and "demand a re-deal whenever entitled" in deals["method"]
    assert deals["skipped"] == 0 and deals["best_compared"] == 1
    # the deal opens the redeal phase under true: a position that cannot arise under false
    assert deals["on_the_way"]["legal_moves_differ"] >= 1


def test_ambiguities_at_a_redeal_phase_position() -> None:
    from click.testing import CliRunner

    from foolsolve.ambiguities_cli import ambiguities

    res = CliRunner().invoke(ambiguities, ["durak", "--option", "redeal_right", "--position",
                                           str(EXAMPLES / "durak-redeal.json"), "--no-witness", "--json"],
                             catch_exceptions=False)
    assert res.exit_code == 0, res.output
    yes, no = json.loads(res.output)["position"]["choices"]
    assert yes["choice"] is True and "policy play" in yes["method"] and yes["value"] in (-1, 0, 1)
    assert no["error"] == "redeal_seed: a redeal phase needs the rule option redeal_right (it is false)"


def _recorded_script(seed: int, players: int) -> list[int]:
    """The draws ``randbelow(n)`` that ``random.Random(seed)``'s shuffle of the deal makes."""
    draws: list[int] = []

    class Recording(random.Random):
        def _randbelow(self, n: int) -> int:  # type: ignore[override]
            value = super()._randbelow(n)
            draws.append(value)
            return value

    SPEC.deal(Rules(), players, Recording(seed))
    return draws


def test_openspiel_plays_a_redeal_as_chance_nodes() -> None:
    fo = pytest.importorskip("foolsolve.openspiel")
    seed = eligible_seed(2)
    g = fo.load("durak")
    state = g.new_initial_state()
    for action in _recorded_script(seed, 2):
        assert state.is_chance_node()
        state.apply_action(action)
    dealt_state = state.spec_state()
    assert durak.phase(dealt_state) == durak.REDEAL
    assert [state.action_to_string(state.current_player(), a) for a in state.legal_actions()] == ["redeal", "keep"]
    state.apply_action(0)  # redeal: a new shuffle, drawn as chance nodes like the first
    sizes = []
    while state.is_chance_node():
        outcomes = state.exact_chance_outcomes()
        assert sum(p for _, p in outcomes) == 1
        sizes.append(len(outcomes))
        state.apply_action(0)
    assert sizes == list(range(36, 1, -1))
    ours = SPEC.deal(Rules(), 2, FixedDeck([c.ascii for c in _zero_script_order()]))
    assert SPEC.state_to_json(state.spec_state())["hands"] == SPEC.state_to_json(ours)["hands"]
    assert "move redeal" in state.information_state_string(dealt_state.to_move)


def _zero_script_order() -> list[Any]:
    """The deck after a shuffle whose every draw is 0 (Fisher-Yates from the top)."""
    deck = list(FRENCH36.cards)
    for i in reversed(range(1, len(deck))):
        deck[i], deck[0] = deck[0], deck[i]
    return deck


def test_lockstep_catches_an_engine_that_does_not_know_its_redeal(monkeypatch: pytest.MonkeyPatch) -> None:
    from foolsolve.conformance import check_state
    from foolsolve.engines import durak as E

    info = games.get("durak")
    s = dealt(FIVE_HEARTS, ORDINARY)
    assert check_state(info, s, E.from_spec_state(s)) is None
    monkeypatch.setattr(E.DurakEngine, "deals_anew", lambda self, state, move: False)
    d = check_state(info, s, E.from_spec_state(s))
    assert d is not None and d.kind == "deals_anew" and "redeal" in d.detail
