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
from foolsolve.cards import FRENCH52, FRENCH54, Card
from foolsolve.errors import InputError
from foolsolve.rules import options_of, random_rules
from foolsolve.solver.base import NotCovered
from foolsolve.solver.minimax import move_values, value_for
from foolsolve.spec.durak import SPEC, TEAM_PLAYERS, Cover, Exchange, Rules, State, Throw, side_options
from tests.durak.helpers import card, made, moves, play, pos
from tests.generic.test_cli import assert_one_line_error, run

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
    state = made(exchange_endgame())
    assert moves(state)[-1] == "exchange 6♠"
    after = play(state, "exchange 6S")
    assert after.stock == (card("6S"),) and card("AS") in after.hands[0] and card("6S") not in after.hands[0]
    assert after.to_move == 0 and not after.table and "exchange 6♠" not in moves(after)
    assert after.known[0] == {card("AS")}  # taken in view of all: every view knows the ace is player 0's
    assert "attack A♠" in moves(after)
    # the six is the last card drawn, as the ace would have been
    assert card("6S") in play(after, "attack 9D", "take").hands[0]


def test_trump_ace_exchange_needs_the_option_the_lead_the_six_and_the_ace_under_the_stock() -> None:
    """`why` names 001's sentence for each condition, and the option where it would change the verdict."""
    off = made(exchange_endgame(trump_ace_exchange=False))
    assert "exchange 6♠" not in moves(off)
    why = SPEC.why_illegal(off, Exchange(card("6S")))
    assert [(r.rule, r.option, r.value) for r in why] == [("exchange_reasons", "trump_ace_exchange", False)]
    assert "lying open under the deck" in why[0].quote and why[0].section == "Translation"
    state = made(exchange_endgame())
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
    state = made(exchange_endgame())
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
    # (3v3 with 36 cards leaves no stock, so no ace under it)
    teams = rng.choice(["none", "2v2"])
    rules = random_rules(Rules, rng, trump_ace_exchange=True, redeal_right=False, teams=teams,
                         places=rng.choice(["fool", "even"]) if teams == "none" else "fool")
    deal = SPEC.deal(rules, TEAM_PLAYERS.get(rules.teams, rng.randint(2, 5)), rng)
    state = _with_ace_under(deal, rng)
    assert any(isinstance(m, Exchange) for m in SPEC.legal_moves(state))
    d = conformance.lockstep(games.get("durak"), state, rng)
    assert d is None, f"{d.summary()}\nposition: {d.position}\nmoves: {d.history}"


def test_conform_deals_reach_every_side_rule_at_a_table_they_allow() -> None:
    """``foolsolve conform durak`` checks the side rules too: its deals (``conform_game``) draw every
    value of every side option, each at a table ``check_table`` accepts."""
    from foolsolve.spec.durak import SIDE_OPTIONS, check_table

    info = games.get("durak")
    seen: set[tuple[str, object]] = set()
    for i in range(300):
        state = conformance.conform_start(info, random.Random(f"side:{i}"))
        check_table(state.rules, len(state.hands), "players")
        seen |= {(name, getattr(state.rules, name)) for name in (*SIDE_OPTIONS, "deck")}
    wanted = {(o.name, v) for o in options_of(Rules) if o.name in (*SIDE_OPTIONS, "deck") for v in o.choices or ()}
    assert len(wanted) >= 9
    assert wanted <= seen, sorted(wanted - seen, key=str)


# --- the solvers that do not play the side rules ------------------------------------------------------


def test_side_options_name_the_side_rules_set() -> None:
    assert side_options(Rules()) == []
    assert side_options(Rules(trump_ace_exchange=True)) == ["trump_ace_exchange=true"]


def test_exact_durak_solver_and_native_playout_refuse_side_rules_in_one_line() -> None:
    from foolsolve.engines.durak import ENGINE
    from foolsolve.engines.durak_playout import playout
    from foolsolve.solver.durak import check_endgame
    from foolsolve.solver.durak.shared import compiled_covers

    es = ENGINE.from_spec(made(exchange_endgame()))
    with pytest.raises(NotCovered, match=r"^rules: the exact Durak solver does not play trump_ace_exchange=true$"):
        check_endgame(es)
    assert not compiled_covers(es)
    with pytest.raises(InputError, match=r"^rules: the native Durak playout does not play 001's side rules"):
        playout(es, random.Random(0))
    # the engine's playout runs its generic loop instead: the spec's seeded game, move for move
    s = made(exchange_endgame())
    rng = random.Random(5)
    while SPEC.legal_moves(s):
        s = SPEC.apply(s, rng.choice(SPEC.legal_moves(s)))
    final, _ = ENGINE.playout(es, random.Random(5))
    assert ENGINE.to_spec(final) == s


def test_cli_answers_a_side_rule_endgame_by_search_over_the_engine_equal_to_minimax_over_the_spec(
        tmp_path, capsys) -> None:
    """The exact solver does not cover the exchange; the CLI's answer (open_hand.solve_or_answer) says
    so and answers by exact search over the engine, whose values equal exhaustive minimax over the spec
    (a second, independent method). The endgame is set up by hand (a one-card stock beside short hands:
    no position file, which the minimax over the spec could not finish with the six cards a hand a
    stock implies)."""
    from foolsolve.solver import open_hand

    state = made(exchange_endgame())
    result, _ = open_hand.solve_or_answer(games.get("durak"), state, {}, None, None, 20.0, None)
    res = json.loads(json.dumps(result.to_json()))
    # minimax values the payoff difference (+1 against -1: 2), the CLI player 0's payoff
    want = {m: v / 2 for m, v in move_values(SPEC, state).items()}
    assert {m["move"]: Fraction(m["value"]) for m in res["moves"]} == want
    assert Fraction(res["value"]) == value_for(SPEC, state, 0) / 2 == 1
    assert "exchange 6♠" in res["best"]


# --- 001 §Variants: "team mode 2v2 or 3v3" ---------------------------------------------------------

TEAM = {"variant": "perevodnoy", "teams": "2v2", "transfer_blocked_by_trump": False}


def team_position(**fields: object) -> State:
    obj: dict[str, object] = {"game": "durak", "rules": TEAM, "trump": "S", "stock": [], "attacker": 0,
                              "defender": 1}
    obj.update(fields)
    return SPEC.state_from_json(obj)


def test_teams_transfer_goes_to_a_member_of_the_opposite_team() -> None:
    """001 §Variants: "In a transfer fool, the move is transferred to a member of the opposite team."
    Partners sit alternately (team_seating): from player 1 the next player of the other team is player 2;
    with player 2 out it is player 0, not player 3 (player 1's partner, the next player)."""
    state = team_position(hands=[["9S", "AH"], ["6H", "6D", "KD"], [], ["7C", "8C"]], table=[["6C", None]],
                          out=[2], to_move=1)
    assert "transfer 6♦" in moves(state)
    after = play(state, "transfer 6D")
    assert after.defender == 0 and after.to_move == 0  # team 0; player 3 (player 1's partner) is passed over
    plain = dataclasses.replace(state, rules=dataclasses.replace(state.rules, teams="none"))
    assert play(plain, "transfer 6D").defender == 3


def test_teams_nobody_throws_in_to_their_own_team() -> None:
    """001 §Variants: "In the toss-up variant, there is a rule not to toss elements to the players of your
    team." Player 3, the defender's partner, holds a card of the table's rank and may not throw it in."""
    # nobody but player 3, the defender's partner, holds a 6 or a 7: in team play the bout is over
    fields = {"hands": [["9S"], ["7H", "KD"], ["AH", "10C"], ["6D", "QC"]], "table": [["6C", "7C"]]}
    with pytest.raises(InputError, match=r"^table: nobody can throw in, so this bout is already over$"):
        team_position(rules={**TEAM, "variant": "podkidnoy"}, **fields)
    assert team_position(rules={**TEAM, "variant": "podkidnoy", "teams": "none"}, **fields).to_move == 3
    with_two = team_position(rules={**TEAM, "variant": "podkidnoy"},
                             hands=[["9S"], ["7H", "KD"], ["AH", "6H"], ["6D", "QC"]], table=[["6C", "7C"]])
    assert with_two.to_move == 2 and "throw 6♥" in moves(with_two)
    why = SPEC.why_illegal(dataclasses.replace(with_two, to_move=3), Throw(card("6D")))
    assert any(r.option == "teams" and "partner" in r.says and "your team" in r.quote for r in why)
    assert play(with_two, "pass").to_move != 3


def test_teams_the_team_left_holding_cards_loses_together() -> None:
    """001 §Variants "team mode 2v2 or 3v3"; reconstruction team_end: once only one team holds cards,
    that team has lost (-1 each, the other team +1 each)."""
    fields = {"hands": [["8H"], ["7D"], ["8D", "10H"], []], "out": [3], "attacker": 1, "defender": 2}
    state = team_position(rules={**TEAM, "variant": "podkidnoy"}, **fields)
    over = play(state, "attack 7D", "cover 7D with 8D")  # player 1 goes out: players 0 and 2 are left
    res = SPEC.result(over)
    assert res is not None and res.label == "fools: team 0 (players 0, 2)"
    assert list(res.payoffs) == [-1, 1, -1, 1]
    assert SPEC.legal_moves(over) == []
    plain = team_position(rules={**TEAM, "variant": "podkidnoy", "teams": "none"}, **fields)
    assert SPEC.result(play(plain, "attack 7D", "cover 7D with 8D")) is None  # one player against the other


def test_teams_need_four_or_six_players() -> None:
    with pytest.raises(InputError, match=r"^rules.teams: 2v2 is played by 4 players, this position has 3$"):
        SPEC.state_from_json({"game": "durak", "rules": {"teams": "2v2"}, "trump": "S", "stock": [],
                              "hands": [["6H"], ["7H"], ["8H"]], "attacker": 0, "defender": 1})
    with pytest.raises(InputError, match=r"^players: teams 3v3 is played by 6 players, got 4$"):
        SPEC.deal(Rules(teams="3v3"), 4, random.Random(0))


@settings(max_examples=max(10, settings.default.max_examples // 3))
@given(seed=st.integers(min_value=0, max_value=2**63), teams=st.sampled_from(["2v2", "3v3"]))
def test_spec_and_engine_agree_in_team_play(seed: int, teams: str) -> None:
    """Lockstep over whole team games from fresh deals, every other option at random."""
    rng = random.Random(seed)
    rules = random_rules(Rules, rng, teams=teams, places="fool")
    state = SPEC.deal(rules, 4 if teams == "2v2" else 6, rng)
    d = conformance.lockstep(games.get("durak"), state, rng)
    assert d is None, f"{d.summary()}\nposition: {d.position}\nmoves: {d.history}"


def test_open_hand_search_of_a_team_endgame_equals_max_n_over_the_spec() -> None:
    """The exact Durak solver does not take team play (NotCovered, one line); the open-hand search over
    the engine answers it, equal to exhaustive max-n over the spec (partners share a payoff)."""
    from foolsolve.engines.durak import ENGINE
    from foolsolve.solver.durak import check_endgame
    from foolsolve.solver.minimax import open_hand_values
    from foolsolve.solver.open_hand import solve_world

    state = team_position(rules={**TEAM, "variant": "podkidnoy"}, hands=[["6H", "9D"], ["7H", "AD"], ["9H"], ["6D"]])
    with pytest.raises(NotCovered, match=r"^rules: the exact Durak solver does not play teams=2v2$"):
        check_endgame(ENGINE.from_spec(state))
    got = solve_world(games.get("durak"), state, concept="max-n")
    assert got.exact and got.values == open_hand_values(SPEC, state, 0, "max-n")


TINY_TEAM_HANDS = [["JH", "6H"], ["8H", "KH"], ["9D"], ["8C", "6C"]]


@pytest.mark.parametrize("player", [0, 1, 2, 3])
def test_paranoid_open_hand_sets_a_team_against_the_other_team(player: int) -> None:
    """Partners never play against each other and lose together (reconstructions team_defender,
    team_end): the paranoid search sets the player's whole team against the other, equal to
    exhaustive paranoid search over the spec; J♥ wins for team 0, 6♥ loses (2 is out of the way)."""
    from foolsolve.solver.minimax import open_hand_values
    from foolsolve.solver.open_hand import solve_world

    state = team_position(hands=TINY_TEAM_HANDS)
    assert SPEC.side(state, player) == ((0, 2) if player % 2 == 0 else (1, 3))
    got = solve_world(games.get("durak"), state, player=player, use_solver=False)
    want = open_hand_values(SPEC, state, player, "paranoid")
    ours = 1 if player % 2 == 0 else -1
    assert got.exact and got.values == want == {"attack 6♥": -ours, "attack J♥": ours}
    assert got.value == ours
    team = "0, 2" if player % 2 == 0 else "1, 3"
    assert f"with player {player}'s team ({team}) against the others" in got.method


@pytest.mark.parametrize("player", [0, 1])
def test_paranoid_open_hand_sets_three_against_three(player: int) -> None:
    """3v3: the player's team is every second seat, and the paranoid search equals exhaustive search over
    the spec."""
    from foolsolve.solver.minimax import open_hand_values
    from foolsolve.solver.open_hand import solve_world

    state = team_position(rules={"teams": "3v3", "variant": "podkidnoy"},
                          hands=[["6H", "9D"], ["7H"], ["9H"], ["6D"], ["8C"], ["KC"]])
    assert SPEC.side(state, player) == ((0, 2, 4) if player == 0 else (1, 3, 5))
    got = solve_world(games.get("durak"), state, player=player, use_solver=False)
    assert got.exact and got.values == open_hand_values(SPEC, state, player, "paranoid")
    assert f"with player {player}'s team ({', '.join(map(str, SPEC.side(state, player)))}) against the others" in got.method


def test_a_team_wins_by_its_partner_out_of_the_way(tmp_path, capsys) -> None:
    """The winning line for team 0 (0 attacks 6♣, 1 covers; partner 2 throws 6♦, 1 covers and is out;
    2 leads Q♥ to 3, who takes; 0 leads K♦ to 3, who takes): team 1 are the fools, so player 0's
    open-hand value is +1 under paranoid (her team against the other) and max-n alike."""
    obj = {"game": "durak", "rules": {"teams": "2v2", "variant": "perevodnoy"}, "trump": "S",
           "hands": [["6C", "KD"], ["7C", "8D"], ["6D", "QH"], ["6H", "AC"]], "stock": [], "attacker": 0,
           "defender": 1, "table": [], "to_move": 0}
    end = play(SPEC.state_from_json(obj), "attack 6C", "cover 6C with 7C", "throw 6D", "cover 6D with 8D",
               "attack QH", "take", "attack KD", "take")
    res = SPEC.result(end)
    assert res is not None and res.payoffs == (1, -1, 1, -1)
    f = tmp_path / "team.json"
    f.write_text(json.dumps(obj))
    code, out, err = run([str(f), "--no-store", "--open-hand", "--json"], capsys)
    assert code == 0, err
    got = json.loads(out)
    assert got["value"] == 1 and {m["value"] for m in got["moves"]} == {1}
    assert "with player 0's team (0, 2) against the others" in got["method"]


def test_cli_answers_a_team_position_from_the_seat_and_names_the_refusal(tmp_path, capsys) -> None:
    f = tmp_path / "team.json"
    f.write_text(json.dumps({"game": "durak", "rules": TEAM, "trump": "S", "stock": [], "attacker": 0,
                             "defender": 1, "hands": [["6H", "9D"], ["7H", "AD"], ["9H"], ["6D"]]}))
    code, out, err = run([str(f), "--json"], capsys)
    assert code == 0, err
    got = json.loads(out)
    assert any("does not play teams=2v2" in n for n in got["notes"])
    assert "with player 0's team (0, 2) against the others" in got["method_text"]
    assert any("as if the other team played against player 0's team (0, 2)" in n for n in got["notes"])


# --- 001 §Card game: places "according to the sequence of discarding cards" -----------------------


def test_places_follow_the_sequence_of_going_out_and_ties_share() -> None:
    """001 §Card game: "Sometimes players agree among themselves to identify the winners, according to the
    sequence of discarding cards. For example, the first one to discard all cards is the winner, the
    subsequent ones take the corresponding places". Option places=even: place k pays (n+1-2k)/(n-1); players
    going out at the same end of a bout share (reconstruction place_ties); the one left with cards is last."""
    fields = {"hands": [["7D"], ["9D"], ["6C", "8H"], ["6H", "KH"]], "out": [], "attacker": 0, "defender": 1}
    state = pos(rules={"places": "even", "variant": "simple"}, **fields)
    assert SPEC.state_to_json(state)["places"] == []
    after = play(state, "attack 7D", "cover 7D with 9D")  # players 0 and 1 go out together
    assert after.out == (0, 1) and after.places == (1, 1)
    assert SPEC.state_to_json(after)["places"] == [1, 1]
    end = after  # players 2 and 3 play it out for places 3 and 4
    while SPEC.result(end) is None:
        end = SPEC.apply(end, SPEC.legal_moves(end)[0])
    res = SPEC.result(end)
    assert res is not None and sum(res.payoffs) == 0
    # places 1 and 2 shared by players 0 and 1: (1 + 1/3) / 2 = 2/3 each
    assert res.payoffs[0] == res.payoffs[1] == Fraction(2, 3)
    assert sorted(res.payoffs[2:]) == [-1, Fraction(-1, 3)]
    assert dict(res.details)["places"][:2] == [1, 1]


def test_places_first_last_pays_the_first_out_and_charges_the_fool() -> None:
    state = pos(rules={"places": "first_last", "variant": "simple"}, hands=[["7D"], ["9D", "6S"], ["8C"]],
                out=[], attacker=0, defender=1)
    end = play(state, "attack 7D", "cover 7D with 9D")  # player 0 out first
    assert end.places == (1,)
    end = play(end, "attack 6S", "take")  # player 1 leads 6♠ at player 2, who cannot beat it
    while SPEC.result(end) is None:
        end = SPEC.apply(end, SPEC.legal_moves(end)[0])
    res = SPEC.result(end)
    assert res is not None and res.payoffs[0] == 1 and sorted(res.payoffs) == [-1, 0, 1]


def test_places_field_is_checked_and_places_do_not_combine_with_teams() -> None:
    base = {"game": "durak", "trump": "S", "stock": [], "hands": [[], [], ["6H"], ["7H"]], "out": [0, 1],
            "attacker": 2, "defender": 3}
    assert SPEC.state_from_json({**base, "rules": {"places": "even"}}).places == (1, 2)
    assert SPEC.state_from_json({**base, "rules": {"places": "even"}, "places": [1, 1]}).places == (1, 1)
    with pytest.raises(InputError, match=r"^places: place 2 at position 0 of out"):
        SPEC.state_from_json({**base, "rules": {"places": "even"}, "places": [2, 2]})
    with pytest.raises(InputError, match=r"^places: finishing places are kept only under the rule option places"):
        SPEC.state_from_json({**base, "places": [1, 2]})
    with pytest.raises(InputError, match=r"^rules.places: finishing places are for players on their own"):
        SPEC.state_from_json({**base, "rules": {"places": "even", "teams": "2v2"}})


@settings(max_examples=max(10, settings.default.max_examples // 3))
@given(seed=st.integers(min_value=0, max_value=2**63), places=st.sampled_from(["even", "first_last"]))
def test_spec_and_engine_agree_with_places(seed: int, places: str) -> None:
    """Lockstep over whole games under places (results, returns and the places field included)."""
    rng = random.Random(seed)
    rules = random_rules(Rules, rng, places=places, teams="none")
    d = conformance.lockstep(games.get("durak"), SPEC.deal(rules, rng.randint(2, 6), rng), rng)
    assert d is None, f"{d.summary()}\nposition: {d.position}\nmoves: {d.history}"


def test_exact_solver_refuses_places_and_open_hand_max_n_equals_the_spec(tmp_path, capsys) -> None:
    from foolsolve.engines.durak import ENGINE
    from foolsolve.solver.durak import check_endgame
    from foolsolve.solver.minimax import open_hand_values
    from foolsolve.solver.open_hand import solve_world

    obj = {"game": "durak", "rules": {"places": "even"}, "trump": "S", "stock": [], "attacker": 0, "defender": 1,
           "hands": [["6H", "9D"], ["7H", "AD"], ["9H"]]}
    state = SPEC.state_from_json(obj)
    with pytest.raises(NotCovered, match=r"^rules: the exact Durak solver does not play places=even$"):
        check_endgame(ENGINE.from_spec(state))
    got = solve_world(games.get("durak"), state, concept="max-n")
    assert got.exact and got.values == open_hand_values(SPEC, state, 0, "max-n")
    two = {**obj, "hands": [["6H", "9D"], ["7H", "AD"]]}
    f = tmp_path / "two.json"
    f.write_text(json.dumps(two))
    code, out, err = run([str(f), "--json"], capsys)
    assert code == 0, err
    res = json.loads(out)
    assert any("does not play places=even" in n for n in res["notes"])
    want = {m: v / 2 for m, v in move_values(SPEC, SPEC.state_from_json(two)).items()}  # payoff difference / 2
    assert {m["move"]: Fraction(m["value"]) for m in res["moves"]} == want


@pytest.mark.parametrize("draw_outcome", ["draw", "last_defender_loses"])
def test_places_when_the_last_players_go_out_together(draw_outcome: str) -> None:
    """Nobody left: the last group shares its places (a draw between two players), or under
    last_defender_loses the last defender is last (001 §Variants "the loser is the one who fought back
    the last move"); the engine agrees."""
    from foolsolve.engines.durak import ENGINE

    state = pos(rules={"places": "even", "variant": "simple", "draw_outcome": draw_outcome},
                hands=[["7D"], ["9D"]], attacker=0, defender=1)
    end = play(state, "attack 7D", "cover 7D with 9D")
    res = SPEC.result(end)
    assert res is not None and end.places == (1, 1)
    assert list(res.payoffs) == ([0, 0] if draw_outcome == "draw" else [1, -1])
    es = ENGINE.from_spec(state)
    for text in ("attack 7D", "cover 7D with 9D"):
        es = ENGINE.apply(es, ENGINE.move_from_spec(es, SPEC.read_move(ENGINE.to_spec(es), text)))
    assert ENGINE.result(es) == res


# --- 001 §Variants / §Card game: "up to 8 people, but subject to the use of a deck of 54 cards" -------

JOKERS = {"deck": 54, "variant": "perevodnoy", "transfer_blocked_by_trump": False}


def joker_position(**fields: object) -> State:
    """Deck 54, trump hearts (red: the red Joker is the trump Joker), three players, empty stock."""
    obj: dict[str, object] = {"game": "durak", "rules": JOKERS, "trump": "H", "stock": [], "attacker": 0,
                              "defender": 1, "table": []}
    obj.update(fields)
    return SPEC.state_from_json(obj)


def test_deck_54_is_deuce_to_ace_in_four_suits_and_a_red_and_a_black_joker() -> None:
    """001 §Card game: "In a deck of 54 cards, the countdown also goes up in the same way, but it starts with
    a deuce" (reconstruction joker_colours: the two Jokers are one red, one black)."""
    deck = Rules(deck=54).deck_cards
    jokers = [c for c in deck if c.is_joker]
    assert len(deck) == 54 and min(c.rank for c in deck if not c.is_joker) == 2
    assert [(c.ascii, c.is_red) for c in jokers] == [("RJ", True), ("BJ", False)]
    assert deck.parse("RedJoker") == deck.parse("rj") == jokers[0]
    assert all(not c.is_joker for c in Rules(deck=52).deck_cards)
    # no Joker shares an index with a suit card, and every card fits one 64-bit mask
    assert len({c.index for c in deck}) == 54 and deck.full_mask < 1 << 64
    with pytest.raises(InputError, match=r'^hands\[0\]: unknown card "RJ" for the French 52 deck$'):
        pos(rules={"deck": 52}, hands=[["RJ"], ["6H"]])


def test_trump_joker_beats_every_card_and_the_other_beats_its_colour() -> None:
    """001 §Variants: "the highest card is the Trump Joker (if it is not a trump card, then red beats red
    cards, black beats black)"; §Card game: "the Joker is considered the oldest, not the Ace" (readings
    joker_colours, joker_beaten)."""
    from foolsolve.spec.durak import beats

    red, black = card54("RJ"), card54("BJ")
    for trump, top, other in (("H", red, black), ("D", red, black), ("S", black, red), ("C", black, red)):
        for c in Rules(deck=54).deck_cards:
            if c != top:
                assert beats(top, c, trump) and not beats(c, top, trump), (trump, c)
            if not c.is_joker:  # the other Joker: its colour's two suits, up to the ace (the oldest)
                assert beats(other, c, trump) == (c.is_red == other.is_red), (trump, c)
                assert beats(c, other, trump) == (c.suit == trump), (trump, c)
    # no trump suit: no trump Joker; each Joker beats its colour and nothing beats it
    assert beats(red, card54("AH"), None) and not beats(red, card54("6S"), None)
    assert not beats(black, red, None) and not beats(red, black, None) and not beats(card54("AH"), red, None)


def test_joker_covers_and_is_covered_in_play_with_the_sentence_in_why() -> None:
    state = joker_position(hands=[["RJ", "7C", "9S"], ["BJ", "QH", "7D"], ["KS", "6H", "10D"]], attacker=2,
                           defender=0, table=[["AS", None]])
    assert moves(state) == ["cover A♠ with RJ", "take"]  # hearts trump: the red Joker is the trump Joker
    why = SPEC.why_legal(state, SPEC.parse_move(state, "cover AS with RJ"))
    assert why[0].rule == "beats" and why[0].option == "deck" and "the Trump Joker" in why[0].quote
    black = joker_position(hands=[["RJ", "7C"], ["BJ", "QH", "7D"], ["KS", "6H"]], table=[["AC", None]])
    assert moves(black) == ["cover A♣ with Q♥", "cover A♣ with BJ", "take"]  # a trump, or the black Joker
    on_joker = joker_position(hands=[["7C"], ["RJ", "QH", "7D"], ["KS", "6H"]], table=[["BJ", None]])
    assert [m for m in moves(on_joker) if m.startswith("cover")] == ["cover BJ with RJ", "cover BJ with Q♥"]
    top = joker_position(hands=[["7C"], ["BJ", "QH", "7D"], ["KS", "6H"]], table=[["RJ", None]])
    assert moves(top) == ["take"]
    why = SPEC.why_illegal(top, Cover(card54("RJ"), card54("BJ")))
    assert [r.rule for r in why] == ["beats"] and "RJ (the trump Joker)" in why[0].says


def test_joker_has_no_rank_in_common_for_leads_throw_ins_and_transfers() -> None:
    """Reconstruction joker_rank: a Joker is led alone, nothing is thrown in to it nor it to others, and it
    never transfers."""
    lead = joker_position(hands=[["RJ", "BJ", "7C"], ["QH", "7D", "AC"], ["KS", "6H", "7S"]])
    assert [m for m in moves(lead) if "RJ" in m or "BJ" in m] == ["attack RJ", "attack BJ"]
    # a Joker led: the defender holding the other Joker cannot transfer with it
    led = play(joker_position(hands=[["BJ", "7C"], ["RJ", "QH", "7D"], ["KS", "6H", "7S"]]), "attack BJ")
    assert moves(led) == ["cover BJ with RJ", "cover BJ with Q♥", "take"]
    # covered: nobody may throw in, though every thrower holds cards (and the other Joker)
    assert SPEC.why_illegal(play(led, "cover BJ with QH"), Throw(card54("7S")))
    thrower = play(joker_position(hands=[["7D", "RJ", "QH"], ["BJ", "7C", "8D"], ["KS", "6H", "7S"]], attacker=2,
                                  defender=0), "attack 7S", "take")
    assert thrower.to_move == 1 and moves(thrower) == ["throw 7♣", "pass"]
    seven = play(joker_position(hands=[["7C", "RJ"], ["BJ", "QH", "7D"], ["KS", "6H", "8S"]]), "attack 7C")
    assert "transfer 7♦" in moves(seven) and "transfer BJ" not in moves(seven)


def test_deck_54_the_notes_page_offers_every_deck_the_option_offers() -> None:
    # docs/durak-notes.md said the 54-card deck was "not offered", while `deck` offers it and the same
    # page's side rules say it is modelled
    from pathlib import Path

    notes = (Path(__file__).resolve().parents[2] / "docs" / "durak-notes.md").read_text(encoding="utf-8")
    line = next(x for x in notes.splitlines() if x.startswith("- `deck`:"))
    deck = next(o for o in options_of(Rules) if o.name == "deck")
    assert deck.choices == (36, 52, 54)
    assert line.startswith("- `deck`: " + " | ".join(map(str, deck.choices)) + " (") and "not offered" not in line


def test_a_joker_turned_up_for_the_trump_is_passed_over() -> None:
    """Reconstruction joker_turned: the trump is named by the first suit card turned up; the Joker stays in
    the stock (spec and engine deal alike)."""
    eng = games.get("durak").engine
    assert eng is not None
    rules = Rules(deck=54, redeal_right=False)
    for seed in range(400):
        deal = SPEC.deal(rules, 8, random.Random(seed))
        if deal.stock[0].is_joker:
            break
    else:
        pytest.fail("no deal turns up a Joker")
    assert not deal.stock[-1].is_joker and deal.trump == deal.stock[-1].suit and len(deal.stock) == 6
    assert SPEC.state_to_json(eng.to_spec(eng.deal(rules, 8, random.Random(seed)))) == SPEC.state_to_json(deal)


def test_seven_or_eight_players_need_the_54_card_deck(capsys) -> None:
    """001 §Variants: "It is permissible to increase the number of party participants up to 8 people, but
    subject to the use of a deck of 54 cards"; §Card game: "(6 players - 36 cards, maximum 8 - 54 cards)"."""
    eng = games.get("durak").engine
    assert eng is not None
    eight = SPEC.deal(Rules(deck=54), 8, random.Random(1))
    assert eight.players == 8 and all(len(h) == 6 for h in eight.hands) and len(eight.stock) == 6
    for deck in (36, 52):
        with pytest.raises(InputError, match=rf"^players: 7 players need the 54-card deck .*{deck}-card deck"):
            SPEC.deal(Rules(deck=deck), 7, random.Random(1))
        with pytest.raises(InputError, match=r"^players: 7 players need the 54-card deck"):
            eng.deal(Rules(deck=deck), 7, random.Random(1))
    with pytest.raises(InputError, match=r"^players: must be 2..8, got 9$"):
        SPEC.deal(Rules(deck=54), 9, random.Random(1))
    with pytest.raises(InputError, match=r"^hands: 7 players need the 54-card deck"):
        pos(hands=[["6H"], ["7H"], ["8H"], ["9H"], ["10H"], ["JH"], ["QH"]])
    code, _, err = run(["deal", "durak", "--players", "7", "--seed", "1"], capsys)
    assert_one_line_error(code, err, "54-card deck")
    code, out, err = run(["deal", "durak", "--players", "8", "--seed", "1", "--rules", '{"deck": 54}'], capsys)
    assert code == 0, err and len(json.loads(out)["hands"]) == 8


@settings(max_examples=max(10, settings.default.max_examples // 3))
@given(seed=st.integers(min_value=0, max_value=2**63))
def test_spec_and_engine_agree_with_the_54_card_deck(seed: int) -> None:
    """Lockstep over whole games from deals of the 54-card deck for 2..8 players, random other rules."""
    rng = random.Random(seed)
    rules = random_rules(Rules, rng, deck=54, teams="none", places=rng.choice(["fool", "even"]))
    d = conformance.lockstep(games.get("durak"), SPEC.deal(rules, rng.randint(2, 8), rng), rng)
    assert d is None, f"{d.summary()}\nposition: {d.position}\nmoves: {d.history}"


def test_exact_solver_and_native_playout_refuse_the_54_card_deck_in_one_line() -> None:
    from foolsolve.engines.durak import ENGINE
    from foolsolve.engines.durak_playout import playout
    from foolsolve.solver.durak import check_endgame
    from foolsolve.solver.durak.shared import compiled_covers

    assert side_options(Rules(deck=54)) == ["deck=54"] and side_options(Rules(deck=52)) == []
    state = SPEC.state_from_json({"game": "durak", "rules": {"deck": 54, "variant": "podkidnoy"}, "trump": "H",
                                  "hands": [["RJ", "7C"], ["BJ", "QH"]], "stock": [], "attacker": 0,
                                  "defender": 1})
    es = ENGINE.from_spec(state)
    with pytest.raises(NotCovered, match=r"^rules: the exact Durak solver does not play deck=54$"):
        check_endgame(es)
    assert not compiled_covers(es)
    with pytest.raises(InputError, match=r"^rules: the native Durak playout does not play 001's side rules"):
        playout(es, random.Random(0))
    final, _ = ENGINE.playout(es, random.Random(3))
    assert ENGINE.result(final) is not None


def test_a_joker_is_drawn_in_the_picture() -> None:
    from foolsolve.svg import position_svg

    state = joker_position(hands=[["RJ", "7C"], ["BJ", "QH"], ["KS", "6H"]])
    svg = position_svg(SPEC, state)
    assert 'data-card="RJ"' in svg and 'data-card="BJ"' in svg and ">Joker<" in svg


def card54(text: str) -> Card:
    return FRENCH54.parse(text)


def test_greedy_bot_spends_a_joker_last() -> None:
    """The greedy heuristic costs a Joker above every trump: it leads the lowest plain card and takes
    rather than cover with a Joker while the stock has cards."""
    from foolsolve.solver.durak.greedy import choose

    class Seat:
        def __init__(self, state: State) -> None:
            self.view = {"trump": state.trump, "stock": {"count": len(state.stock)}}
            self.legal = SPEC.legal_moves(state)

    lead = joker_position(hands=[["RJ", "BJ", "7C"], ["QH", "7D", "AC"], ["KS", "6H", "7S"]])
    assert str(choose(Seat(lead))) == "attack 7♣"
    cover = made({"game": "durak", "rules": {"deck": 54}, "trump": "H", "attacker": 0,
                  "defender": 1, "hands": [["7C"], ["BJ", "8D"]], "stock": ["9S", "10H"],
                  "table": [["AC", None]]})
    assert [str(m) for m in SPEC.legal_moves(cover)] == ["cover A♣ with BJ", "take"]
    assert str(choose(Seat(cover))) == "take"


def test_a_six_of_trumps_exchanged_and_drawn_back_is_no_longer_known_in_the_hand_spec_and_engine_alike() -> None:
    """``known`` holds the cards a player picked up and still holds ("a card that left a hand is no longer
    known to be there"): the six of trumps, picked up in a take, leaves the hand in the exchange, and the
    player who draws it back from under the stock is not known to hold it by that take; the engine
    (its ``known`` masks) agrees with the spec move by move."""
    from foolsolve.engines.durak import ENGINE

    state = made({**exchange_endgame(), "hands": [["6S", "9D", "KH"], ["7H", "AD", "8S", "9H"]], "stock": ["QD", "AS"],
                  "known": [["6S"], []]})
    eng = ENGINE.from_spec(state)
    for text in ("exchange 6S", "attack 9D", "take"):
        move = SPEC.read_move(state, text)
        state = SPEC.apply(state, move)
        eng = ENGINE.apply(eng, ENGINE.move_from_spec(eng, move))
        assert ENGINE.to_spec(eng).known == state.known, text
    assert card("6S") in state.hands[0] and card("AS") in state.hands[0]
    assert state.known[0] == frozenset({card("AS")})
