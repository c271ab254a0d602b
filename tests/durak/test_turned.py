"""A deal that leaves no stock (6 players, 36 cards): the last card dealt names the trump and is
turned up for all to see (reconstruction ``turned_shown``; 001 §Card game "then the last card of
the deck is also considered a trump card"). The position keeps it as ``turned``; views place it in
the last hand until it is played; the reader refuses it where play could not have put it; spec,
engine and the engine's observations agree on it."""

import json
import random
from math import factorial

import pytest

from foolsolve import games
from foolsolve.errors import InputError
from foolsolve.spec.durak import SPEC, Rules
from foolsolve.worlds import Worlds, read_view, view_of
from tests.generic.test_cli import assert_one_line_error, run

INFO = games.get("durak")
ENGINE = INFO.engine


def _deal(tmp_path, capsys, seed=3):
    code, out, err = run(["deal", "durak", "--players", "6", "--seed", str(seed)], capsys)
    assert code == 0, err
    return json.loads(out)


def _write(tmp_path, obj, name="pos.json"):
    path = tmp_path / name
    path.write_text(json.dumps(obj))
    return str(path)


def test_the_card_turned_up_with_no_stock_is_written_and_known_in_the_last_hand(tmp_path, capsys):
    """The trial's deal: trump ♦, player 5's only diamond is Q♦, the card turned up."""
    obj = _deal(tmp_path, capsys)
    assert obj["stock"] == [] and obj["trump"] == "D"
    assert obj["turned"] == "QD" and [c for c in obj["hands"][5] if c.endswith("D")] == ["QD"]
    assert obj["known"] == [[], [], [], [], [], ["QD"]]
    state = SPEC.state_from_json(obj)
    assert SPEC.state_to_json(state) == obj
    view = view_of(INFO, state, 0)
    assert view["hands"][5] == {"count": 6, "known": ["QD"]} and view["turned"] == "QD"
    assert all(view["hands"][q] == {"count": 6} for q in range(1, 5))
    worlds = Worlds(read_view(view))
    # player 0 sees her 6 cards; Q♦ is placed, the other 29 fill 6+6+6+6+5 places (player 0 holds
    # 6♦, the lowest trump, so the first-lead rule rejects no filling)
    assert worlds.count() == factorial(29) // (factorial(6) ** 4 * factorial(5))
    assert worlds.count() < factorial(30) // factorial(6) ** 5  # the count with Q♦ anywhere
    for i in range(3):
        world = worlds.sample(random.Random(i))
        assert world.turned is not None and world.turned.ascii == "QD"
        assert "QD" in {c.ascii for c in world.hands[5]} and view_of(INFO, world, 0) == view
    path = _write(tmp_path, obj, "d6.json")
    code, out, err = run(["show", path, "--as", "0"], capsys)
    assert code == 0, err
    assert "player 5: 6 cards, face down, among them Q♦" in out
    assert "consistent worlds: 274,174,833,517,865,280" in out
    svg = tmp_path / "d6.svg"
    code, _, err = run(["show", path, "--svg", str(svg)], capsys)
    assert code == 0 and "turned: Q♦" in svg.read_text(encoding="utf-8"), err  # the picture names it in words
    code, out, err = run(["play", path, "attack 6D", "--json"], capsys)
    assert code == 0, err
    played = json.loads(out)
    assert played["turned"] == "QD" and played["known"][5] == ["QD"] and played["table"] == [["6D", None]]
    # the seat analysis samples the same worlds: each with Q♦ in hand 5
    code, out, err = run(["solve", _write(tmp_path, view, "v6.json"), "--samples", "2", "--seed", "1", "--no-store",
                          "--workers", "1", "--json"], capsys)
    assert code == 0, err
    assert json.loads(out)["consistent_worlds"] == worlds.count()


def test_the_card_turned_up_moved_out_of_the_last_hand_is_refused(tmp_path, capsys):
    """Q♦ swapped with player 0's J♣, so player 5 holds no diamond: one line, exit 2."""
    obj = _deal(tmp_path, capsys)
    hands = obj["hands"]
    hands[0] = ["QD" if c == "JC" else c for c in hands[0]]
    hands[5] = ["JC" if c == "QD" else c for c in hands[5]]
    obj.pop("known", None)  # (absent before the field existed)
    code, _, err = run(["show", _write(tmp_path, obj), "--as", "0"], capsys)
    assert_one_line_error(code, err, "turned: QD was dealt to player 5 and turned up for all (reconstruction "
                          "turned_shown); in hands[0] only a take could have put it, and known[0] does not list it")


@pytest.mark.parametrize("change, message", [
    ({"turned": "AC"}, 'turned: AC is not a diamond, the trump, and the card turned up names the trump (001 §Card game'),
    ({"turned": "ZZ"}, 'turned: unknown card "ZZ" for the French 36 deck'),
    ({"turned": "QD", "trump": None}, "turned: the card turned up names the trump, and trump is null"),
])
def test_a_card_turned_up_that_names_no_trump_is_refused(tmp_path, capsys, change, message):
    obj = {**_deal(tmp_path, capsys), **change}
    obj.pop("known", None)
    code, _, err = run(["show", _write(tmp_path, obj)], capsys)
    assert_one_line_error(code, err, message)


def test_a_card_turned_up_needs_a_deal_without_stock():
    state = SPEC.deal(Rules(), 4, random.Random(1))
    assert state.turned is None and "turned" not in SPEC.state_to_json(state)
    obj = SPEC.state_to_json(state)
    with pytest.raises(InputError, match=r"^turned: only a deal that leaves no stock \(36 cards to 6 players\)"):
        SPEC.state_from_json({**obj, "turned": obj["stock"][-1]})


def test_a_game_played_on_from_the_deal_keeps_the_card_where_play_puts_it():
    """Seeded random games from six-player deals, spec and engine in lockstep: every state (its
    knowledge too) and every player's observation agree, every state reads back from its JSON
    (the reader's check of where the card lies), and each view places the card turned up: in the
    last hand while it holds it, then as play moves it (public on the table and in the discard,
    known in a taker's hand)."""
    seen = set()
    for seed in (3, 4):
        s = SPEC.deal(Rules(), 6, random.Random(seed))
        e = ENGINE.deal(Rules(), 6, random.Random(seed))
        card = s.turned
        assert card is not None and card.suit == s.trump and card in s.hands[5]
        rng = random.Random(seed)
        while True:
            assert ENGINE.to_spec(e) == s
            assert SPEC.state_from_json(SPEC.state_to_json(s)) == s
            holder = next((p for p, h in enumerate(s.hands) if card in h), None)
            for viewer in (0, 5):
                obs = SPEC.observation(s, viewer)
                assert ENGINE.observation(e, viewer) == obs and obs["turned"] == card.ascii
                if holder is not None and holder != viewer:
                    assert card.ascii in view_of(INFO, s, viewer)["hands"][holder]["known"]
            seen.add("hand 5" if holder == 5 else "other hand" if holder is not None else
                     "table" if any(card in pair for pair in s.table) else "discard")
            if SPEC.result(s) is not None:
                break
            move = rng.choice(SPEC.legal_moves(s))
            s = SPEC.apply(s, move)
            e = ENGINE.apply(e, next(m for m in ENGINE.legal_moves(e) if ENGINE.move_to_spec(e, m) == move))
        assert s.turned == card
    assert seen == {"hand 5", "other hand", "table", "discard"}


def test_the_openspiel_bridge_sees_the_card_turned_up(tmp_path, capsys):
    """Player 0's observation names Q♦ among player 5's known cards, and every world the bridge
    resamples from her information state holds Q♦ in hand 5."""
    pyspiel = pytest.importorskip("pyspiel", reason="the OpenSpiel extra is not installed")
    from foolsolve import openspiel as fo

    g = fo.load("durak", position=_write(tmp_path, _deal(tmp_path, capsys), "d6.json"))
    state = g.new_initial_state()
    text = state.observation_string(0)
    assert text.startswith("p0 ")
    seen = json.loads(text[len("p0 "):])
    assert seen["turned"] == "QD" and seen["known"][5] == ["QD"] and "QD" not in seen["hand"]
    for seed in range(1, 5):
        world = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0))
        assert "QD" in {c.ascii for c in world.spec_state().hands[5]}


def test_a_view_naming_the_card_turned_up_but_no_hand_for_it_reads_it_in_the_last_hand(tmp_path, capsys):
    """A hand-written view with ``turned`` whose last hand does not list the card as known (and no
    table, discard or other ``known`` shows it) was refused with a message about a hand the file never
    named (a sampled world's). The card is read as still in the last hand, as the full position reads
    it: the same worlds as the view foolsolve writes."""
    obj = _deal(tmp_path, capsys, seed=1)
    view = view_of(INFO, SPEC.state_from_json(obj), 0)
    turned = view["turned"]
    bare = json.loads(json.dumps(view))
    bare["hands"][5] = {"count": 6}
    bare["known"] = [[] for _ in bare["hands"]]
    written, hand_written = Worlds(read_view(view)), Worlds(read_view(bare))
    assert hand_written.count() == written.count()
    assert all(turned in [c.ascii for c in hand_written.sample(random.Random(i)).hands[5]] for i in range(10))
    code, out, _ = run(["show", _write(tmp_path, bare, "bare.json")], capsys)
    assert code == 0 and "player 5: 6 cards, face down, among them" in out
