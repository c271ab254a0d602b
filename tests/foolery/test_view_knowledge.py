"""What the rules make a Foolery hand reveal, in views and in positions (docs/views.md, "Worlds the
rules exclude"): a hand that led trumps holds only trumps and the Fool (004 §Trumping: "You can't lead
trump unless that's all you have"), and a Peasant or Merchant who gave her highest cards kept none
higher, the Fool aside (004 §Later rounds: "The King gets the Peasant's two highest cards ... The
Prince and Merchant similarly exchange a single card." "The Fool may under no circumstances be
passed."). The sampler places the cards where they may lie, so the worlds are exact and uniform."""

import itertools
import json
import random
from collections import Counter
from math import comb, factorial, prod

import pytest
from scipy.stats import chisquare

from foolsolve import games
from foolsolve.cards import TAROT78
from foolsolve.errors import InputError
from foolsolve.spec.foolery import (
    FOOL,
    SPEC,
    TRUMP,
    Give,
    Rules,
    above_gift,
    deal_sizes,
    exchange_height,
    kept_below,
    later_round_dealer,
    place_of,
)
from foolsolve.worlds import Worlds, read_view, view_of
from tests.generic.test_cli import assert_one_line_error, run

INFO = games.get("foolery")
SIGNIFICANCE = 0.001
"""The chi-square test rejects the sampler when the p-value is below this (seeded: one fixed run)."""


def _formula_count(worlds, barred):
    """The worlds of a view counted by hand: the hidden hands in ``barred`` (path -> the cards it cannot
    hold) filled first from the unseen cards they may hold (none of them may hold a barred card of
    another: each test bars one hand), the other hidden hands dealt the rest in every way."""
    unseen = list(worlds.view.unseen)
    left, total = len(unseen), 1
    for z in worlds.view.zones:
        if z.path in barred:
            fit = sum(1 for c in unseen if c not in barred[z.path])
            total *= comb(fit, z.unknown)
            left -= z.unknown
    rest = [z.unknown for z in worlds.view.zones if z.path not in barred]
    assert sum(rest) == left
    return total * factorial(left) // prod(factorial(k) for k in rest)


# --- the Peasant's two highest cards: the King knows she kept none higher -----------------------------

def _after_gift(players=7, seed=1):
    """The trial's later round: seed 1's seven-player deal with KS moved to player 0, the Peasant
    (previous places 7 2 1 3 4 5 6: player 2 is King), who gives two highest, KH VIII."""
    obj = SPEC.state_to_json(SPEC.deal(Rules(), players, random.Random(seed)))
    obj["hands"][3].remove("KS")
    obj["hands"][0].append("KS")
    previous = [7, 2, 1, 3, 4, 5, 6]
    obj.update(round=2, previous_places=previous, phase="peasant_gives", to_move=0,
               dealer=later_round_dealer(previous))
    obj.pop("discard", None)
    state = SPEC.state_from_json(obj)
    give = SPEC.parse_move(state, "give KH VIII")  # (KS ties KH: the Peasant's choice; she keeps KS)
    return SPEC.apply(state, give), give.cards


def test_the_kings_worlds_keep_the_peasant_below_the_lowest_card_she_gave():
    """The King's view lists the Peasant's gift (``given[0]``), and no world gives her an unseen card
    higher than its lowest (here KH: no trump but the Fool); the count is the formula's (the Peasant's
    10 cards from the cards she may hold, the other hands any way), below the count without the rule."""
    state, gift = _after_gift()
    king = place_of(state.previous_places, "King")
    view = view_of(INFO, state, king)
    assert view["given"][0] == [c.ascii for c in gift]
    worlds = Worlds(read_view(view))
    floor = kept_below(gift)
    barred = {("hands", 0): {c for c in worlds.view.unseen if above_gift(c, floor)}}
    assert {c for c in barred[("hands", 0)] if c.suit == TRUMP} == {c for c in worlds.view.unseen
                                                                  if c.suit == TRUMP and c != FOOL}
    assert not worlds.view.constrained
    assert worlds.count() == _formula_count(worlds, barred) < _formula_count(worlds, {})
    rng = random.Random(7)
    for _ in range(40):
        world = worlds.sample(rng)
        assert not [c for c in world.hands[0] if above_gift(c, floor)]
        assert view_of(INFO, world, king) == view


def test_the_bound_outlasts_the_kings_play_of_a_card_she_gave():
    """The King leads KH, one of the Peasant's two: ``given[0]`` still lists KH VIII (her whole gift),
    so his view still keeps her below KH (with VIII alone as the bound she could hold I-VII)."""
    state, gift = _after_gift()
    king = place_of(state.previous_places, "King")
    state = SPEC.apply(state, SPEC.parse_move(state, "give 2H 5S"))
    while state.phase != "play":
        state = SPEC.apply(state, SPEC.legal_moves(state)[0])
    state = SPEC.apply(state, SPEC.parse_move(state, "play KH"))
    assert state.given[0] == gift and TAROT78.parse("KH") not in state.hands[king]
    assert SPEC.state_from_json(SPEC.state_to_json(state)) == state
    assert INFO.engine.to_spec(INFO.engine.from_spec(state)) == state
    view = view_of(INFO, state, king)
    assert view["given"][0] == ["KH", "VIII"]
    worlds = Worlds(read_view(view))
    floor = kept_below(gift)
    rng = random.Random(11)
    for _ in range(30):
        world = worlds.sample(rng)
        assert not [c for c in world.hands[0] if above_gift(c, floor) and c.ascii not in ("2H", "5S")]
        assert view_of(INFO, world, king) == view


def test_the_princes_worlds_keep_the_merchant_below_the_card_she_gave():
    """Same one pair down: the Merchant's highest card (here XIX) tells the Prince she holds no XX or
    XXI; the King and the Peasant know nothing of it."""
    state, _ = _after_gift()
    while state.phase != "prince_gives":
        state = SPEC.apply(state, SPEC.legal_moves(state)[0])
    prince, merchant = place_of(state.previous_places, "Prince"), place_of(state.previous_places, "Merchant")
    gift = state.given[merchant]
    assert [c.ascii for c in gift] == ["XIX"]
    view = view_of(INFO, state, prince)
    worlds = Worlds(read_view(view))
    high = {c for c in worlds.view.unseen if above_gift(c, kept_below(gift))}
    assert {c.ascii for c in high} == {"XX", "XXI"}
    assert worlds.count() == _formula_count(worlds, {("hands", merchant): high})
    rng = random.Random(8)
    for _ in range(40):
        world = worlds.sample(rng)
        assert not high & set(world.hands[merchant])
        assert view_of(INFO, world, prince) == view
    king = place_of(state.previous_places, "King")
    assert view_of(INFO, state, king)["given"][merchant] is None


def test_a_position_whose_peasant_kept_a_card_above_her_gift_is_a_one_line_error(tmp_path, capsys):
    """The trial's swap: the Peasant holds XXI, though she gave KH VIII as her two highest: refused,
    naming the card and quoting 004. Cards received afterwards pass: the King's return gift (listed in
    ``given``, or, where ``given`` leaves it out, as many high cards as he gave) and play since."""
    state, _ = _after_gift()
    obj = SPEC.state_to_json(state)
    obj["hands"][0].remove("4S")
    obj["hands"][3].remove("XXI")
    obj["hands"][0].append("XXI")
    obj["hands"][3].append("4S")
    with pytest.raises(InputError, match=r"^hands\[0\]: the Peasant \(player 0\) holds XXI, higher than KH, which "
                                         r"she gave the King with her 2 highest cards \(given\[0\]: KH VIII\) \(004 "
                                         r"§Later rounds: \"The King gets the Peasant's two highest cards\"\)$"):
        SPEC.state_from_json(obj)
    path = tmp_path / "swapped.json"
    path.write_text(json.dumps(obj))
    code, _, err = run(["show", str(path)], capsys)
    assert_one_line_error(code, err, "hands[0]: the Peasant (player 0) holds XXI", "two highest cards")
    # the King gives his two highest other cards: the Peasant holds them, given lists them, the position stands
    king = place_of(state.previous_places, "King")
    mine = [c for c in state.hands[king] if c.ascii not in ("KH", "VIII")]
    after_king = SPEC.apply(state, Give(tuple(sorted(sorted(mine, key=exchange_height)[-2:]))))
    out = SPEC.state_to_json(after_king)
    assert out["given"][king] and SPEC.state_from_json(out) == after_king
    received = [TAROT78.parse(t) for t in out["given"][king]]
    high = [c for c in received if above_gift(c, kept_below(after_king.given[0]))]
    assert high, "the King's last two cards include a card above KH"
    unlisted = dict(out, given=[g if q != king else [] for q, g in enumerate(out["given"])])
    assert SPEC.state_from_json(unlisted).hands == after_king.hands  # (the King's gift not recorded: let pass)
    # one card above the floor more than the King gave: refused
    extra = next(c for c in after_king.hands[3] if above_gift(c, kept_below(after_king.given[0])))
    swap = json.loads(json.dumps(out))
    low = next(t for t in swap["hands"][0] if TAROT78.parse(t) not in received and TAROT78.parse(t) != FOOL)
    swap["hands"][0] = [t for t in swap["hands"][0] if t != low] + [extra.ascii]
    swap["hands"][3] = [t for t in swap["hands"][3] if t != extra.ascii] + [low]
    with pytest.raises(InputError, match=rf"^hands\[0\]: the Peasant \(player 0\) holds {extra.ascii}, higher than"):
        SPEC.state_from_json(swap)


def test_a_given_list_naming_the_fool_or_a_card_that_cannot_have_come_back_is_refused():
    """``given`` is read against 004 §Later rounds: a gift naming the Fool ("The Fool may under no
    circumstances be passed.") is refused in any phase, and a card of the Peasant's gift back in her
    hand only where the King's gift, as listed, may have brought it back (a complete list without it
    is no way back)."""
    state, _ = _after_gift()
    king = place_of(state.previous_places, "King")
    after = SPEC.apply(state, SPEC.parse_move(state, "give 2H 5S"))
    while after.phase != "play":
        after = SPEC.apply(after, SPEC.legal_moves(after)[0])
    obj = SPEC.state_to_json(after)
    assert obj["given"][0] == ["KH", "VIII"] and obj["given"][king] == ["2H", "5S"]
    for gift in (["KH", "Fool"], ["Fool"]):
        with pytest.raises(InputError, match=r"^given\[0\]: the Fool is never given \(004 §Later rounds"):
            SPEC.state_from_json(dict(obj, given=[gift, *obj["given"][1:]]))
    claims_ks = dict(obj, given=[["KH", "KS"], *obj["given"][1:]])  # she still holds KS; the King gave 2H 5S
    with pytest.raises(InputError, match=r"^given\[0\]: KS is in hands\[0\]; a card she gave is with the receiver"):
        SPEC.state_from_json(claims_ks)
    unlisted = dict(claims_ks, given=[["KH", "KS"], *([[] if q == king else g for q, g in enumerate(obj["given"])][1:])])
    SPEC.state_from_json(unlisted)  # the King's gift not listed: it may have brought KS back


def test_a_view_listing_a_gift_its_player_did_not_see_is_refused():
    """A Noble's view (player 3) that lists the Peasant's gift to the King was read, its worlds bounded
    by knowledge she cannot have and never giving the view back. A view lists only its player's own
    gift and those given to her (exchange_seen_by_the_pair); the views foolsolve writes read back."""
    state, _ = _after_gift()
    for viewer in range(state.players):
        read_view(view_of(INFO, state, viewer))  # every seat's own view reads back
    noble = view_of(INFO, state, 3)
    assert not any(noble.get("given") or [])
    noble["given"] = [["KH", "VIII"]] + [None] * (state.players - 1)
    with pytest.raises(InputError, match=r"given\[0\]: player 3 did not see what player 0 gave"):
        read_view(noble)


def test_a_kings_view_with_a_gift_the_peasant_could_not_have_given_names_given(tmp_path, capsys):
    """The King's view after the exchange (``foolsolve view POS --as KING``) with its ``given[0]`` (the
    Peasant's gift) edited: each impossible gift is one line naming ``given[0]`` and what is wrong with it,
    never the places of a hand nor a hand the view hides (a card the King has not seen, which a draw of
    the worlds would place in some hidden hand), found from the view before any world is drawn."""
    state = SPEC.deal(Rules(), 4, random.Random(4), previous=[4, 2, 3, 1])  # player 0 Peasant, 3 King
    while state.phase != "play":
        state = SPEC.apply(state, SPEC.legal_moves(state)[0])
    while not any(q not in (0, 3) for q, _ in state.table):  # the lowest play each turn, passing when forced
        state = SPEC.apply(state, SPEC.legal_moves(state)[0])
    other, cards = next((q, cs) for q, cs in state.table if q not in (0, 3))
    position = tmp_path / "position.json"
    position.write_text(json.dumps(SPEC.state_to_json(state)))
    code, out, _ = run(["view", str(position), "--as", "3"], capsys)
    assert code == 0
    view = json.loads(out)
    gift = view["given"][0]
    back = view["given"][3][0]  # a card the King gave her, known in her hand
    assert len(gift) == 2 and back in view["hands"][0]["known"]
    table_card = cards[0].ascii
    seen = {*view["hands"][3], *view["given"][3], *view["hands"][0]["known"],
            *(c for entry in view["table"] for c in entry["cards"]), *(view.get("discard") or [])}
    not_seen = max((c for c in TAROT78 if c.ascii not in seen and c != FOOL), key=exchange_height).ascii
    for edited_gift, needles in [
        ([gift[0], not_seen], [f"given[0]: {not_seen} is a card the King (player 3) has not seen, but the Peasant "
                               "(player 0) gave it to him", "given back by him (given[3])"]),
        ([gift[0], table_card], [f"given[0]: {table_card} is on the table, played by player {other}"]),
        ([gift[0], back], [f"given[0]: the Peasant (player 0) gave {gift[0]} {back} as her 2 highest cards",
                           f"above {back}"]),
        ([gift[0], "ZZ"], ['given[0]: unknown card "ZZ"']),
        ([*gift, "XXI"], [f"given[0]: 3 cards ({' '.join(gift)} XXI), but the Peasant (player 0) gave 2", "exactly 2"]),
        ([gift[0]], [f"given[0]: 1 card ({gift[0]}), but the Peasant (player 0) gave 2", "exactly 2"]),
    ]:
        edited = tmp_path / "edited.json"
        edited.write_text(json.dumps(dict(view, given=[edited_gift, *view["given"][1:]])))
        code, _, err = run(["show", str(edited)], capsys)
        assert_one_line_error(code, err, *needles)
        assert "places" not in err, err
        if "ZZ" in edited_gift:  # no card at all: said as it is, not as a view no world fits
            assert err.startswith('foolsolve: error: given[0]: unknown card "ZZ"'), err


# --- a hand that led trumps -------------------------------------------------------------------------

def _trump_lead_position():
    """A legal seven-player first round where player 4, the dealer, holds trumps I-XI (the other 67
    cards shuffled among the rest) and leads I."""
    sizes = deal_sizes(7, 4)
    trumps = [TAROT78.card(TRUMP, r).ascii for r in range(1, 12)]
    rest = [c.ascii for c in TAROT78 if c.ascii not in trumps]
    random.Random(5).shuffle(rest)
    hands = []
    for p in range(7):
        if p == 4:
            hands.append(trumps)
        else:
            hands.append(rest[:sizes[p]])
            rest = rest[sizes[p]:]
    obj = {"game": "foolery", "players": 7, "dealer": 4, "to_move": 4, "hands": hands}
    return SPEC.apply(SPEC.state_from_json(obj), SPEC.parse_move(SPEC.state_from_json(obj), "play I"))


def test_worlds_of_a_view_after_a_trump_lead_from_an_all_trump_hand_are_drawn_at_once(tmp_path, capsys):
    """Player 0's view after player 4 led I from trumps I-XI: the 10 cards player 4 still holds are all
    trumps or the Fool, which the sampler deals directly (a rejection sampler never found such a draw:
    "could not draw a world"); the count is the formula's, every world gives the view back, and show
    and the seat's answer run."""
    state = _trump_lead_position()
    view = view_of(INFO, state, 0)
    worlds = Worlds(read_view(view))
    barred = {("hands", 4): {c for c in worlds.view.unseen if c.suit != TRUMP}}
    assert worlds.count() == _formula_count(worlds, barred)
    rng = random.Random(9)
    for _ in range(30):
        world = worlds.sample(rng)
        assert all(c.suit == TRUMP for c in world.hands[4])
        assert view_of(INFO, world, 0) == view
    path = tmp_path / "tlv.json"
    path.write_text(json.dumps(view))
    code, out, err = run(["show", str(path)], capsys)
    assert code == 0, err
    assert f"consistent worlds: {worlds.count():,}" in out


# --- uniform over the worlds a brute force finds ------------------------------------------------------

SMALL_GIFT = {
    "game": "foolery", "players": 3, "round": 2, "previous_places": [1, 2, 3], "dealer": 1, "phase": "play",
    "to_move": 0, "table": [],
    "hands": [["VIII", "KH", "2C"], ["XVIII", "III", "QH", "3C"], ["XXI", "KS", "7D", "9S", "Fool"]],
    "given": [["KS", "XXI"], [], ["KH", "VIII"]],
}
"""Three players late in a later round: the King (0) holds the Peasant's gift KH VIII, the Peasant (2)
the King's KS XXI and three cards of her own; 7 cards unseen by the King."""

SMALL_LEAD = {
    "game": "foolery", "players": 3, "dealer": 0, "to_move": 2,
    "hands": [["AC", "2C"], ["V", "XII", "Fool"], ["XVIII", "QH", "3C"]],
    "table": [{"player": 1, "cards": ["II"]}],
}
"""Three players in a first round: player 1 led II; 6 cards unseen by player 0."""


def _brute_force(view_obj, worlds):
    """Every split of the unseen cards among the hidden hands that ``state_from_json`` accepts (the
    position's own checks, not the sampler's zones), as canonical JSON."""
    unseen = list(worlds.view.unseen)
    zones = worlds.view.zones
    out = set()

    def split(i, rest, chosen):
        if i == len(zones):
            obj = json.loads(json.dumps(view_obj))
            obj.pop("view")
            for z, cs in zip(zones, chosen):
                obj["hands"][z.path[1]] = [c.ascii for c in (*z.hidden.known, *cs)]
            obj.pop("discard", None)
            try:
                out.add(json.dumps(SPEC.state_to_json(SPEC.state_from_json(obj)), sort_keys=True))
            except InputError:
                pass
            return
        for pick in itertools.combinations(rest, zones[i].unknown):
            split(i + 1, [c for c in rest if c not in pick], [*chosen, pick])

    split(0, unseen, [])
    return out


@pytest.mark.parametrize(("position", "viewer", "count"), [(SMALL_GIFT, 0, 10), (SMALL_LEAD, 0, 4)],
                         ids=["gift", "trump_lead"])
def test_a_small_view_samples_exactly_the_worlds_the_position_checks_accept_uniformly(position, viewer, count):
    """The worlds listed are those a brute force over every split the position reader accepts gives (the
    gift: the Peasant's 3 unknown cards from the 5 not above KH, C(5, 3) = 10 of the 35 splits; the lead:
    player 1's 3 from the 4 trumps and the Fool, 4 of 20), the count says as many, every draw gives the
    view back and the draws are uniform (chi-square, seeded)."""
    state = SPEC.state_from_json(position)
    view_obj = view_of(INFO, state, viewer)
    worlds = Worlds(read_view(json.loads(json.dumps(view_obj))))
    brute = _brute_force(view_obj, worlds)
    listed = [json.dumps(SPEC.state_to_json(w), sort_keys=True) for w in worlds.enumerate()]
    assert set(listed) == brute and len(listed) == len(brute) == worlds.count() == count
    rng = random.Random(20261202)
    samples = [worlds.sample(rng) for _ in range(60 * count)]
    assert all(view_of(INFO, w, viewer) == view_obj for w in samples)
    seen = Counter(json.dumps(SPEC.state_to_json(w), sort_keys=True) for w in samples)
    assert set(seen) == brute
    assert chisquare([seen[k] for k in listed]).pvalue > SIGNIFICANCE


def test_kept_below_reads_ties_as_the_givers_choice():
    """Cards as high as the lowest card given may stay (ties are the giver's choice: highest_cards), the
    Fool always."""
    gift = [TAROT78.parse("KH"), TAROT78.parse("VIII")]
    floor = kept_below(gift)
    assert floor == exchange_height(TAROT78.parse("KS"))
    assert not above_gift(TAROT78.parse("KS"), floor) and not above_gift(FOOL, floor)
    assert above_gift(TAROT78.parse("I"), floor)
