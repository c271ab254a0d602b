"""What a Foolery view knows of the exchange (docs/views.md): 004 §Later rounds makes the cards a
player gives known to her (she sees them go), not to the others (the text does not make the
exchange public), until the receiver plays them."""

import json
import random

import pytest

from foolsolve import games
from foolsolve.errors import InputError
from foolsolve.spec.foolery import SPEC, Give, Rules, place_of
from foolsolve.worlds import Worlds, read_view, view_of
from tests.generic.test_cli import assert_one_line_error, run

INFO = games.get("foolery")


def _exchanged(players, seed=1):
    """A later round of ``players`` players after the whole exchange (each give the first legal)."""
    previous = list(range(1, players + 1))
    state = SPEC.deal(Rules(), players, random.Random(seed), previous=previous)
    gives = {}
    while state.phase != "play":
        move = SPEC.legal_moves(state)[0]
        assert isinstance(move, Give)
        gives[state.to_move] = move.cards
        state = SPEC.apply(state, move)
    return state, previous, gives


def test_the_king_knows_the_two_cards_of_his_choice_he_gives_the_peasant():
    """004: "The King gets the Peasant's two highest cards, and gives the Peasant any two cards of his
    choice." The King's view places his two cards in the Peasant's hand; a Noble's view does not."""
    state, previous, gives = _exchanged(3)
    king, peasant = place_of(previous, "King"), place_of(previous, "Peasant")
    noble = 3 - king - peasant
    mine = [c.ascii for c in sorted(gives[king]) if c in state.hands[peasant]]
    assert mine, "the King gave back none of the Peasant's cards here"
    assert view_of(INFO, state, king)["hands"][peasant]["known"] == mine
    assert "known" not in view_of(INFO, state, noble)["hands"][peasant]
    assert "given" not in view_of(INFO, state, noble)
    # the game's own observation (the OpenSpiel bridge's information state) says the same
    assert SPEC.observation(state, king)["given"] == mine and "given" not in SPEC.observation(state, noble)
    assert INFO.engine.observation(INFO.engine.from_spec(state), noble) == SPEC.observation(state, noble)


def test_the_peasant_knows_her_two_highest_cards_are_with_the_king():
    state, previous, gives = _exchanged(3)
    king, peasant = place_of(previous, "King"), place_of(previous, "Peasant")
    kept = sorted(c for c in gives[peasant] if c in state.hands[king])
    view = view_of(INFO, state, peasant)
    assert view["hands"][king].get("known", []) == [c.ascii for c in kept]
    assert view["given"][peasant] == [c.ascii for c in kept]
    assert all(g is None for q, g in enumerate(view["given"]) if q != peasant)


def test_the_prince_and_merchant_similarly_exchange_a_single_card_each_known_to_its_giver():
    """004: "The Prince and Merchant similarly exchange a single card." """
    state, previous, gives = _exchanged(5, seed=4)
    prince, merchant = place_of(previous, "Prince"), place_of(previous, "Merchant")
    for giver, receiver in ((prince, merchant), (merchant, prince)):
        kept = [c.ascii for c in gives[giver] if c in state.hands[receiver]]
        assert view_of(INFO, state, giver)["hands"][receiver].get("known", []) == kept
        others = [q for q in range(5) if q not in (giver, receiver)]
        assert all("known" not in view_of(INFO, state, q)["hands"][receiver] for q in others)


def test_a_given_card_played_is_known_no_more_and_worlds_keep_the_known_cards():
    state, previous, _ = _exchanged(4, seed=2)
    king, peasant = place_of(previous, "King"), place_of(previous, "Peasant")
    view = view_of(INFO, state, king)
    known = view["hands"][peasant]["known"]
    worlds = Worlds(read_view(json.loads(json.dumps(view))))
    for i in range(5):
        world = worlds.sample(random.Random(i))
        assert {c.ascii for c in world.hands[peasant]} >= set(known)
        assert view_of(INFO, world, king) == view
    # play on: each given card is known while the Peasant holds it, and no more once she has played it
    rng = random.Random(7)
    left = set(known)
    played = False
    while SPEC.result(state) is None and left:
        state = SPEC.apply(state, rng.choice(SPEC.legal_moves(state)))
        hand = {c.ascii for c in state.hands[peasant]}
        played = played or bool(left - hand)
        left &= hand
        hidden = view_of(INFO, state, king)["hands"][peasant]
        assert (hidden.get("known", []) if isinstance(hidden, dict) else []) == sorted(
            left, key=lambda t: known.index(t))
    assert played


def test_given_in_a_position_file_is_read_checked_and_written_back():
    state, previous, _ = _exchanged(3)
    obj = SPEC.state_to_json(state)
    assert SPEC.state_from_json(obj) == state and obj["given"]
    assert INFO.engine.to_spec(INFO.engine.from_spec(state)) == state
    king, peasant = place_of(previous, "King"), place_of(previous, "Peasant")
    wrong = json.loads(json.dumps(obj))
    wrong["given"][king] = [c.ascii for c in sorted(state.hands[king])[:1]]  # a card the King holds himself
    with pytest.raises(InputError, match=r"given\[\d\]: .* not in the receiver's hand"):
        SPEC.state_from_json(wrong)
    noble_gives = json.loads(json.dumps(obj))
    noble = 3 - king - peasant
    noble_gives["given"][noble] = [sorted(state.hands[peasant])[0].ascii]
    with pytest.raises(InputError, match=r"gives nothing"):
        SPEC.state_from_json(noble_gives)
    first_round = SPEC.state_to_json(SPEC.deal(Rules(), 3, random.Random(0)))
    assert "given" not in first_round  # nothing known: the field is left out


def test_a_bad_given_field_is_a_one_line_error(tmp_path, capsys):
    state, _, _ = _exchanged(3)
    obj = SPEC.state_to_json(state)
    obj["given"] = obj["given"][:2]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(obj))
    code, _, err = run(["show", str(path)], capsys)
    assert_one_line_error(code, err, "given")


# --- views the checks on counts and visible cards refuse: definite and at once ------------------------

def _mid_trick():
    """A five-player view in the middle of the first trick (player 4 led 5C), from player 0's seat."""
    state = SPEC.deal(Rules(), 5, random.Random(3))
    while not state.table:
        state = SPEC.apply(state, SPEC.legal_moves(state)[0])
    assert state.to_move == 0 and [c.ascii for c in state.table[0][1]] == ["5C"]
    return view_of(INFO, state, 0)


def _with(view, table=None, counts=()):
    out = json.loads(json.dumps(view))
    if table is not None:
        out["table"] = table
    for q, k in counts:
        out["hands"][q]["count"] = k
    return out


def test_a_view_is_constrained_only_where_a_check_reads_a_hidden_hand():
    """Foolery's checks read a hidden hand's cards for a trump lead from it, for a hand of one card (the
    Fool alone?) and for cards given; a trump lead is knowledge per card (the leader's hand holds no
    suit card: view_card_zones), so only the others make a view constrained: every other view's worlds
    are counted by formula, and a count shown."""
    view = _mid_trick()
    assert not SPEC.view_constrained(view)
    worlds = Worlds(read_view(view))
    assert worlds.count() is not None and worlds.count() > 10 ** 30
    led = _with(view, table=[{"player": 4, "cards": ["XXI"]}])
    assert not SPEC.view_constrained(led)
    assert Worlds(read_view(led)).count() is not None
    assert SPEC.view_constrained(_with(view, counts=[(1, 1), (4, 29)]))
    assert not SPEC.view_constrained(_with(view, table=[{"player": 0, "cards": ["XX"]}]))
    # a card the viewer gave: known in the receiver's hidden hand, every filling puts it there; left
    # out of it, the draw decides whether the receiver holds it
    state, previous, _ = _exchanged(3)
    king, peasant = place_of(previous, "King"), place_of(previous, "Peasant")
    given = view_of(INFO, state, king)
    assert given["hands"][peasant].get("known") and not SPEC.view_constrained(given)
    given["hands"][peasant] = {"count": given["hands"][peasant]["count"]}
    assert SPEC.view_constrained(given)


@pytest.mark.parametrize(("table", "counts", "why"), [
    ([{"player": 4, "cards": ["4S", "5S"]}], [(4, 13)], "table[0].cards: 4S 5S is no play"),
    (None, [(1, 17), (2, 15)], "hands[1]: 17 cards, more than a 5-player deal gives (16)"),
    # a trump lead from a hidden hand, refused on the counts before any draw
    ([{"player": 4, "cards": ["XXI"]}], [(1, 17), (2, 15)], "hands[1]: 17 cards, more than a 5-player deal"),
])
def test_a_view_that_breaks_a_check_on_counts_or_visible_cards_is_refused_at_once(table, counts, why,
                                                                                    tmp_path, capsys):
    """Such views were drawn for 3 s and said "could not draw a world ... there may be none": now no
    position, definitely, with no draw of the sampling loop tried; show says it in one line."""
    obj = _with(_mid_trick(), table, counts)
    worlds = Worlds(read_view(obj, check=False))
    with pytest.raises(InputError, match=r"^view: no position is consistent with this view \(") as err:
        worlds.first()
    assert why in str(err.value)
    assert worlds.tries == 0
    path = tmp_path / "view.json"
    path.write_text(json.dumps(obj))
    code, _, err_text = run(["show", str(path)], capsys)
    assert_one_line_error(code, err_text, "no position is consistent with this view", why)
