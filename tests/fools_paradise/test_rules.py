"""One test (or a few) per rule sentence of 000 (Fool's Paradise) and per rule option."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from foolsolve.cards import FRENCH52
from foolsolve.engines.fools_paradise import ENGINE
from foolsolve.game import CHANCE, IllegalMove
from foolsolve.rules import options_of
from foolsolve.spec.fools_paradise import SPEC, Collect, Rules, collections, score
from tests.fools_paradise.helpers import move_texts, play, position

P = FRENCH52.parse


def hand_of(text: str) -> list:
    return [P(t) for t in text.split()]


# --- 000 §Collecting Cards: the worked example --------------------------------------------------

EXAMPLE_HAND = "2C 3D 9H KS AC"
EXAMPLE_CENTRE = "JH 2S KH 5D 6C"


@pytest.mark.parametrize("ace", ["either", "low", "high", "either_per_play"])
def test_000_worked_example_king_takes_king_5_6_2(ace: str) -> None:
    """000 §Collecting Cards, hand 2,3,9,K,A and centre J,2,K,5,6. The seed lists four plays
    ("The player could ..."): 2 takes 2; K takes K; K takes K+(J,2); K takes K+(5,6,2).
    The rule sentence it illustrates ("find a card or multiple cards that sum up to a multiple
    of the chosen card's value, where each single card collected is less than or equal to the
    player's card") makes two more legal: K takes (J,2) alone and (5,6,2) alone (each sums to
    13). So there are exactly six collections, the seed's four are among them, nothing
    collects with 3, 9 or A under any ace option, and K taking K,5,6,2 is the largest (4
    cards: "This play would acquire 4 cards from the center leaving only the jack")."""
    got = {str(m) for m in collections(hand_of(EXAMPLE_HAND), hand_of(EXAMPLE_CENTRE), Rules(ace=ace))}
    seed_four = {"collect 2♣: 2♠", "collect K♠: K♥", "collect K♠: K♥ J♥ 2♠", "collect K♠: K♥ 6♣ 5♦ 2♠"}
    also_legal = {"collect K♠: J♥ 2♠", "collect K♠: 6♣ 5♦ 2♠"}
    assert got == seed_four | also_legal
    assert seed_four <= got
    biggest = max(collections(hand_of(EXAMPLE_HAND), hand_of(EXAMPLE_CENTRE), Rules(ace=ace)),
                  key=lambda m: len(m.taken))
    assert str(biggest) == "collect K♠: K♥ 6♣ 5♦ 2♠" and len(biggest.taken) == 4


def test_000_worked_example_two_cannot_take_six() -> None:
    """000: "The 6 cannot be collected, even though it is a multiple of 2 because the 6 is
    greater than 2"."""
    got = collections(hand_of("2C"), hand_of("6C 2S"), Rules())
    assert [str(m) for m in got] == ["collect 2♣: 2♠"]


def test_000_worked_example_position_file_has_the_six_collections_and_five_lays() -> None:
    from importlib import resources

    from foolsolve.positions import read_json

    text = resources.files("foolsolve").joinpath("examples", "fools-paradise-worked-example.json")
    state = SPEC.state_from_json(read_json(str(text)))
    moves = move_texts(state)
    assert sum(m.startswith("collect") for m in moves) == 6
    assert sum(m.startswith("lay") for m in moves) == 5


def test_000_collect_sum_is_a_positive_multiple_not_only_equal() -> None:
    """"sum up to a multiple of the chosen card's value": 26 = 2 x 13 (K takes K + J + 2)."""
    m = next(m for m in collections(hand_of("KS"), hand_of("KH JH 2S"), Rules()) if len(m.taken) == 3)
    assert sum(m.witness[1:]) == 26 and m.witness[0] == 13


def test_000_suits_play_no_role_in_collecting() -> None:
    """"Card suit does not play any role in collecting cards, only in point value (discussed
    later).": the same ranks in other suits give the same collections (points: below)."""
    a = collections(hand_of("KS"), hand_of("KH JH 2S 5D 6C"), Rules())
    b = collections(hand_of("KC"), hand_of("KD JC 2H 5S 6D"), Rules())
    ranks = lambda ms: sorted(sorted(c.rank for c in m.taken) for m in ms)  # noqa: E731
    assert ranks(a) == ranks(b)


def test_000_collection_takes_at_least_one_card() -> None:
    """"a card or multiple cards": the empty set is not a collection (0 is no multiple worth
    collecting); with an empty centre only lays are legal."""
    state = position(["KS 2C", "3H"], "")
    assert move_texts(state) == ["lay 2♣", "lay K♠"]


# --- 000 §Not Collecting Cards ----------------------------------------------------------------


def test_000_forced_lay_when_no_card_can_collect() -> None:
    """"If the player cannot use any of his or her cards to collect any cards in the center
    ... the player must choose one card from his or her hand and lay it down in the center"."""
    state = position(["2C 3D", "4H"], "KH QS")
    assert move_texts(state) == ["lay 2♣", "lay 3♦"]
    after = play(state, "lay 3D")
    assert [c.ascii for c in after.centre] == ["3D", "KH", "QS"]
    assert [c.ascii for c in after.hands[0]] == ["2C"]


def test_000_voluntary_lay_the_fools_paradise() -> None:
    """"The second is if the player wishes to leave cards that would otherwise be collected in
    the center ... This move is the Fool's Paradise": a lay is legal even when a collection is."""
    state = position(["KS 2C", "4H"], "KH")
    assert move_texts(state) == ["collect K♠: K♥", "lay 2♣", "lay K♠"]
    after = play(state, "lay KS")
    assert [c.ascii for c in after.centre] == ["KH", "KS"]
    assert after.piles == state.piles


# --- 000 §A Player's Turn -------------------------------------------------------------------


def test_000_draw_one_card_after_the_move() -> None:
    """"the player must draw one card from the draw pile into his or her hand. Upon drawing a
    card, the player's turn is over and the next player to the left may being his or her turn"."""
    state = position(["2C 3D 4H 5S 6C", "2D 3H 4S 5C 6D"], "KH QS", stock="9C 9D 9H")
    after = play(state, "lay 2C")
    assert sorted(c.ascii for c in after.hands[0]) == sorted(["3D", "4H", "5S", "6C", "9C"])
    assert [c.ascii for c in after.stock] == ["9D", "9H"]
    assert after.to_move == 1


def test_000_no_draw_when_the_stock_is_empty() -> None:
    state = position(["2C 3D", "4H"], "KH")
    after = play(state, "lay 2C")
    assert [c.ascii for c in after.hands[0]] == ["3D"]


def test_000_the_player_left_of_the_dealer_starts() -> None:
    """000 §The Game: "The player to the left of the dealer starts first"."""
    for dealer in range(3):
        state = SPEC.deal(Rules(), 3, random.Random(1), dealer=dealer)
        assert state.to_move == (dealer + 1) % 3 and state.dealer == dealer


def test_000_the_deal_five_each_five_centre_rest_is_the_stock() -> None:
    """000 §The Deal: one card to each player (starting left of the dealer) plus one to the
    centre, five times; the remainder is the draw pile."""
    rng = random.Random(42)
    state = SPEC.deal(Rules(), 4, rng, dealer=1)
    deck = list(FRENCH52.cards)
    random.Random(42).shuffle(deck)
    pos = 0
    hands: list[list] = [[] for _ in range(4)]
    centre = []
    for _ in range(5):
        for i in range(1, 5):
            hands[(1 + i) % 4].append(deck[pos])
            pos += 1
        centre.append(deck[pos])
        pos += 1
    assert [sorted(h) for h in hands] == [sorted(h) for h in state.hands]
    assert sorted(centre) == sorted(state.centre)
    assert list(state.stock) == deck[pos:] and len(state.stock) == 52 - 25


def test_000_deal_needs_enough_cards() -> None:
    from foolsolve.errors import InputError

    with pytest.raises(InputError, match="players"):
        SPEC.deal(Rules(), 10, random.Random(0))
    assert len(SPEC.deal(Rules(decks=2), 12, random.Random(0)).stock) == 104 - 65


def test_players_without_cards_are_skipped() -> None:
    """000 §Ending "The game ends when all players are without cards": until then a player
    without cards has no turn; the next player to the left who holds cards moves."""
    from dataclasses import replace

    # no position file reaches this (with the stock empty the hands differ by at most one card, so
    # the lap ends before a hand runs dry: the reader rejects ["2C 3D", ""]); the rule is the spec's own
    state = position(["2C 3D", "4H"], "KH")
    alone = replace(state, hands=(state.hands[0], ()), centre=(*state.centre, *state.hands[1]))
    assert play(alone, "lay 2C").to_move == 0


def test_a_player_to_move_the_turns_cannot_reach_is_rejected() -> None:
    """000 §A Player's Turn: "the next player to the left may begin his or her turn": with the stock empty
    every turn plays one card and draws none, so from the player to move round to the left the hands never
    grow (those still to play this lap hold at least as many cards as those who have played)."""
    import pytest

    from foolsolve.errors import InputError

    with pytest.raises(InputError, match=r"^to_move: player 0 cannot be to move with hands of \[2, 0, 1\] cards"):
        position(["2C 3D", "", "4H"], "KH", to_move=0)
    with pytest.raises(InputError, match=r"^to_move: player 1 cannot be to move"):
        position(["2C", "3D", "4H 5H"], "KH", to_move=1)
    assert position(["2C", "3D", "4H 5H"], "KH", to_move=2).to_move == 2


def test_a_player_to_move_whose_hand_is_two_cards_ahead_of_the_last_player_is_rejected() -> None:
    """000 §A Player's Turn: "the player must draw one card from the draw pile" (every hand holds 5 until the
    stock runs out), then "the next player to the left may begin his or her turn": with the stock empty the
    hands differ by at most the one card of the current lap, so the player to move cannot hold two more
    than the player before them."""
    import pytest

    from foolsolve.errors import InputError

    with pytest.raises(InputError, match=r"^to_move: player 0 cannot be to move with hands of \[3, 1\] cards"):
        position(["2C 3D 4D", "5S"], "KH", to_move=0)
    with pytest.raises(InputError, match=r"^to_move: player 1 cannot be to move with hands of \[0, 2, 2\] cards"):
        position(["", "2C 3D", "4H 5H"], "KH", to_move=1)
    assert position(["2C 3D", "5S"], "KH", to_move=0).to_move == 0
    assert position(["2C 3D", "4H 5H", "6S"], "KH", to_move=0).to_move == 0


# --- 000 §Clearing the board ------------------------------------------------------------------


def test_000_clear_scores_one_point_at_once_then_five_new_cards_after_the_draw() -> None:
    """"When a player collects the final card that is face up in the center, the player is
    said to have cleared the board. When this occurs, after the player collects his card from
    the draw pile, the dealer must deal out five cards face up to the center." "Every time a
    player clears the board, the player is awarded one point immediately."""
    stock = "7C 8C 9C 10C JC QC 2D"
    state = position(["KS 2C 3D 4H 5S", "2H 3H 4S 5C 6D"], "KH", stock=stock)
    before = state.scores()[0]
    after = play(state, "collect KS: KH")
    assert after.clears == (1, 0)
    assert after.scores()[0] - before == 13 + 13 + 1
    assert "7C" in [c.ascii for c in after.hands[0]]  # the draw comes first
    assert sorted(c.ascii for c in after.centre) == sorted("8C 9C 10C JC QC".split())
    assert [c.ascii for c in after.stock] == ["2D"]


def test_000_short_refill_lays_what_is_left() -> None:
    """RULES-NOTES §2: "When the stock is too small to refill the centre with five, lay what
    is left"."""
    state = position(["KS 2C 3D 4H 5S", "2H 3H 4S 5C 6D"], "KH", stock="7C 8C 9C 10C")
    after = play(state, "collect KS: KH")
    assert sorted(c.ascii for c in after.centre) == ["10C", "8C", "9C"]
    assert after.stock == () and after.clears == (1, 0)


def test_000_no_clear_while_centre_cards_remain() -> None:
    state = position(["KS", "4H"], "KH 9D")
    after = play(state, "collect KS: KH")
    assert after.clears == (0, 0)


# --- 000 §Ending --------------------------------------------------------------------------------


@pytest.mark.parametrize("counts", [False, True])
def test_000_last_card_sweep(counts: bool) -> None:
    """"The player to play the last card, whether or not he or she collects any cards with the
    last card, is given all remaining cards in the center." Option
    last_card_sweep_counts_as_clear: the sweep scores the clear point or not."""
    state = position(["5C", ""], "KH 2S", rules={"last_card_sweep_counts_as_clear": counts})
    assert move_texts(state) == ["lay 5♣"]  # 5 collects nothing from K, 2
    before = state.scores()[0]
    end = play(state, "lay 5C")
    assert SPEC.is_terminal(end) and end.centre == ()
    assert end.scores()[0] - before == 13 + 2 + 5 + (1 if counts else 0)
    assert end.clears[0] == (1 if counts else 0)
    res = SPEC.result(end)
    assert res is not None and res.payoffs == tuple(Fraction(s) for s in end.scores())
    assert SPEC.legal_moves(end) == []


def test_000_last_card_that_clears_scores_the_clear_and_the_sweep_takes_nothing() -> None:
    state = position(["KS", ""], "KH", rules={"last_card_sweep_counts_as_clear": True})
    end = play(state, "collect KS: KH")
    assert end.clears[0] == 1  # the clear; an empty sweep is no second clear


# --- options ----------------------------------------------------------------------------------


def test_option_card_points_value_and_count() -> None:
    """card_points: value (2-10 face, J 11, Q 12, K 13, ace 14 unless ace is low) or count
    (1 per card); both add 1 per clear. One scorer for both."""
    pile = hand_of("2C 10D JH QS KC AD")
    assert score(pile, 3, Rules()) == 2 + 10 + 11 + 12 + 13 + 14 + 3
    assert score(pile, 3, Rules(ace="low")) == 2 + 10 + 11 + 12 + 13 + 1 + 3
    assert score(pile, 3, Rules(card_points="count")) == 6 + 3
    state = position(["KS", "4H"], "KH 9D", rules={"card_points": "count"})
    assert play(state, "collect KS: KH").scores()[0] - state.scores()[0] == 2


SUIT_SENTENCE = "Card suit does not play any role in collecting cards, only in point value (discussed later)."
"""000 §Collecting Cards: the one surviving sentence on what points depend on."""


def test_option_card_points_cites_the_suit_sentence_and_says_both_choices_are_suit_blind() -> None:
    """The points table is lost, but 000 gives suits a part in it: card_points cites the sentence and
    says that its choices (which read the rank only) are suit-blind reconstructions, not the text's."""
    opt = next(o for o in options_of(Rules) if o.name == "card_points")
    assert opt.reconstructed and SUIT_SENTENCE in opt.source
    assert "suit-blind reconstructions" in opt.doc and "lost point values" in opt.doc


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), piles=st.integers(2, 4))
def test_swapping_suits_between_piles_never_changes_a_score(seed: int, piles: int) -> None:
    """Every card_points choice (and every ace choice) scores a pile by its ranks only: swapping the
    suits of same-rank cards between the piles changes no score. The endgame solver
    (solver/fools_paradise/search.py, RankState) searches with suits forgotten and relies on this;
    000 gives suits a part in the lost point values, so a suit table dropped into the scorer later
    fails here first, and the solver's key then needs the suits back."""
    rng = random.Random(seed)
    deck = list(FRENCH52.cards)
    rng.shuffle(deck)
    cut = sorted(rng.sample(range(1, len(deck)), piles - 1))
    before = [deck[a:b] for a, b in zip([0, *cut], [*cut, len(deck)])]
    # the suits of each rank dealt again over that rank's cards, wherever they lie
    suits: dict[int, list[str]] = {}
    for pile in before:
        for c in pile:
            suits.setdefault(c.rank, []).append(c.suit)
    for rank_suits in suits.values():
        rng.shuffle(rank_suits)
    after = [[FRENCH52.card(suits[c.rank].pop(), c.rank) for c in pile] for pile in before]
    assert sorted(c for pile in after for c in pile) == sorted(deck)
    clears = [rng.randrange(4) for _ in range(piles)]
    for points in next(o for o in options_of(Rules) if o.name == "card_points").choices or ():
        for ace in next(o for o in options_of(Rules) if o.name == "ace").choices or ():
            rules = Rules(card_points=points, ace=ace)
            got = [score(p, k, rules) for p, k in zip(after, clears)]
            want = [score(p, k, rules) for p, k in zip(before, clears)]
            assert got == want, (
                f"card_points={points}, ace={ace}: swapping suits between piles changed the scores {want} to {got}. "
                "The endgame solver's suit-free state (solver/fools_paradise/search.py, RankState) is then unsound: "
                "give it the suits back, or refuse the suit-reading choice there")


def test_option_played_card_collected_goes_to_the_pile() -> None:
    state = position(["KS", "4H"], "KH 9D")
    after = play(state, "collect KS: KH")
    assert sorted(c.ascii for c in after.piles[0]) == sorted([c.ascii for c in state.piles[0]] + ["KH", "KS"])
    assert [c.ascii for c in after.centre] == ["9D"]


def test_option_played_card_stays_in_the_centre_and_a_clear_still_counts() -> None:
    state = position(["KS", "4H"], "KH", rules={"played_card": "stays"})
    after = play(state, "collect KS: KH")
    assert [c.ascii for c in after.centre] == ["KS"]
    assert after.clears == (1, 0)
    assert after.scores()[0] - state.scores()[0] == 13 + 1


def test_option_played_card_stays_clears_then_lays_a_listed_reading(capsys: pytest.CaptureFixture[str]) -> None:
    """The text gives no order for collecting and laying the played card under "stays": the spec clears
    first (the point, then the refill after the draw) and lays the card after, so the centre ends with
    the played card and the five new ones. `foolsolve rules` lists that reading, and `why` names it."""
    from foolsolve.cli import main

    state = position(["KS 2C 3C 4C 5C", "2D 3D 4D 5D 6D"], "KH", stock="7S 8S 9S 10S JS QS 7H",
                     rules={"played_card": "stays"})
    after = play(state, "collect KS: KH")
    assert after.clears == (1, 0)
    assert sorted(c.ascii for c in after.centre) == sorted(["KS", "8S", "9S", "10S", "JS", "QS"])
    clear = next(r for r in SPEC.why_legal(state, SPEC.parse_move(state, "collect KS: KH")) if r.rule == "apply")
    assert "stays_clear_then_lay" in clear.says
    main(["rules", "fools-paradise"])
    out = capsys.readouterr().out
    assert "  stays_clear_then_lay: Under played_card = \"stays\"" in out.split("one sensible reading")[1]


def test_option_ace_either_picks_each_ace_independently() -> None:
    """ace either: the played ace as 14 takes K (13) + an ace as 1; also A as 14 takes A as 14."""
    got = {str(m) for m in collections(hand_of("AS"), hand_of("KH AD"), Rules(ace="either"))}
    assert got == {"collect A♠: A♦ K♥", "collect A♠: A♦"}


def test_option_ace_either_per_play_one_value_for_every_ace() -> None:
    """either_per_play: all aces of one collection take one value, so A(14) + K + A(1) is out."""
    got = {str(m) for m in collections(hand_of("AS"), hand_of("KH AD"), Rules(ace="either_per_play"))}
    assert got == {"collect A♠: A♦"}


def test_option_ace_low_and_high() -> None:
    """low: aces are 1 (a 7 takes A + 6; an ace takes only aces); high: aces are 14 (a 7 can
    never take an ace; an ace takes K + A? no: 27 is no multiple of 14)."""
    low = {str(m) for m in collections(hand_of("7S AS"), hand_of("AH 6D KC"), Rules(ace="low"))}
    assert low == {"collect 7♠: A♥ 6♦", "collect A♠: A♥"}
    high = {str(m) for m in collections(hand_of("7S AS"), hand_of("AH 6D KC"), Rules(ace="high"))}
    assert high == {"collect A♠: A♥"}
    either = {str(m) for m in collections(hand_of("7S AS"), hand_of("AH 6D KC"), Rules(ace="either"))}
    assert either == {"collect 7♠: A♥ 6♦", "collect A♠: A♥", "collect A♠: A♥ K♣"}


def test_option_ace_two_low_aces_make_a_two() -> None:
    got = {str(m) for m in collections(hand_of("2S"), hand_of("AH AD"), Rules())}
    assert got == {"collect 2♠: A♦ A♥"}


def test_option_decks_two_copies_are_one_move_each() -> None:
    """decks 2: identical copies are interchangeable; taking one K♥ of two is one move, the
    same for either copy; two K♠ in hand give one lay move."""
    state = position(["KS KS", "4H"], "KH KH", rules={"decks": 2})
    assert move_texts(state) == ["collect K♠: K♥", "collect K♠: K♥ K♥", "lay K♠"]
    after = play(state, "collect KS: KH")
    assert [c.ascii for c in after.centre] == ["KH"] and [c.ascii for c in after.hands[0]] == ["KS"]


def test_every_option_has_a_doc_a_source_and_is_marked_reconstructed() -> None:
    infos = options_of(Rules)
    assert [o.name for o in infos] == ["ace", "played_card", "card_points", "last_card_sweep_counts_as_clear",
                                       "decks"]
    for o in infos:
        # "Ace may be one or fourteen" is a clear sentence: ace is from the text, the others reconstructions
        assert o.doc and o.source.startswith("000") and o.reconstructed == (o.name != "ace")


# --- moves --------------------------------------------------------------------------------------


def test_illegal_moves_are_rejected() -> None:
    state = position(["2C 3D", "4H"], "KH QS")
    with pytest.raises(IllegalMove):
        SPEC.apply(state, Collect(P("2C"), (P("KH"),)))
    with pytest.raises(IllegalMove):
        SPEC.parse_move(state, "lay 9D")


def test_move_text_and_parse_any_order() -> None:
    state = position(["KS 2C", "4H"], "KH JH 2S 5D 6C")
    m = SPEC.parse_move(state, "collect KS: 2S 5D KH 6C")
    assert str(m) == "collect K♠: K♥ 6♣ 5♦ 2♠"
    assert m.explain() == "collect K♠=13: K♥=13 6♣=6 5♦=5 2♠=2 (26 = 2×13)"
    assert str(SPEC.parse_move(state, "lay 2c")) == "lay 2♣"


# --- chance: a stock of unknown order -------------------------------------------------------------


def test_unknown_stock_draws_are_chance_events() -> None:
    state = position(["2C 3D 4H 5S 6C", "2D 3H 4S 5C 6D"], "KH", stock_size=3)
    after = play(state, "lay 2C")
    assert SPEC.to_move(after) == CHANCE
    outcomes = SPEC.legal_moves(after)
    assert len(outcomes) == 3 and all(str(o).startswith("draw ") for o in outcomes)
    assert sum(SPEC.chance_probability(after, o) for o in outcomes) == 1
    nxt = SPEC.apply(after, outcomes[0])
    assert SPEC.to_move(nxt) == 1 and len(nxt.stock) == 2 and len(nxt.hands[0]) == 5
    e = ENGINE.from_spec(after)
    assert sorted(str(ENGINE.move_to_spec(e, m)) for m in ENGINE.legal_moves(e)) == sorted(map(str, outcomes))


def test_unknown_stock_refill_after_a_clear_is_revealed_card_by_card() -> None:
    state = position(["KS 2C 3D 4H 5S", "2H 3H 4S 5C 6D"], "KH", stock_size=4)
    s = play(state, "collect KS: KH")
    kinds = []
    while SPEC.to_move(s) == CHANCE:
        o = SPEC.legal_moves(s)[0]
        kinds.append(str(o).split()[0])
        s = SPEC.apply(s, o)
    assert kinds == ["draw", "reveal", "reveal", "reveal"]
    assert len(s.centre) == 3 and s.stock == () and s.to_move == 1


@settings(max_examples=40)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 40), decks=st.sampled_from([1, 2]))
def test_apply_accepts_exactly_the_listed_moves(seed: int, steps: int, decks: int) -> None:
    """``apply`` checks one move by the rule sentences (``is_legal``); that must be the same
    as membership in ``legal_moves``: every listed move is accepted, and random candidate
    moves (any hand or centre card played, any sub-multiset of the centre taken, taken cards
    in any order, chance outcomes out of turn) are accepted exactly when listed."""
    from foolsolve.rules import random_rules
    from foolsolve.spec.fools_paradise import Lay, Reveal

    rng = random.Random(seed)
    state = SPEC.deal(random_rules(Rules, rng, decks=decks), rng.randint(2, 4), rng)
    for _ in range(steps):
        state = SPEC.apply(state, rng.choice(SPEC.legal_moves(state)))
    legal = SPEC.legal_moves(state)
    assert all(SPEC.is_legal(state, m) for m in legal)
    hand = list(state.hands[state.to_move])
    pool = hand + list(state.centre) + [P("AS"), P("7D")]
    for _ in range(60):
        card = rng.choice(pool)
        taken = tuple(rng.sample(list(state.centre), rng.randint(0, len(state.centre))))
        if rng.random() < 0.7:
            taken = tuple(sorted(taken, key=lambda c: c.index))
        for cand in (Collect(card, taken), Lay(card), Reveal(card, rng.choice(["hand", "centre"]))):
            assert SPEC.is_legal(state, cand) == (cand in legal), cand
            if cand not in legal:
                with pytest.raises(IllegalMove):
                    SPEC.apply(state, cand)


@settings(max_examples=20)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 20))
def test_apply_accepts_exactly_the_listed_chance_outcomes(seed: int, steps: int) -> None:
    from foolsolve.spec.fools_paradise import Lay, Reveal

    rng = random.Random(seed)
    state = SPEC.deal(Rules(), 2, rng)
    for _ in range(steps):
        state = SPEC.apply(state, rng.choice(SPEC.legal_moves(state)))
    obj = SPEC.state_to_json(state)
    obj["stock_size"] = len(obj.pop("stock"))
    state = SPEC.state_from_json(obj)
    state = SPEC.apply(state, rng.choice(SPEC.legal_moves(state)))
    legal = SPEC.legal_moves(state)
    for card in list(FRENCH52.cards):
        for cand in (Reveal(card, "hand"), Reveal(card, "centre"), Lay(card)):
            assert SPEC.is_legal(state, cand) == (cand in legal)


def test_000_at_least_2_players_are_required(capsys: pytest.CaptureFixture[str]) -> None:
    # 000: "At least 2 players are required and there is no upper limit" (the decks are the limit: five cards
    # each and five in the centre from at most eight decks). ``foolsolve deal`` deals the fewest by default.
    import json

    from foolsolve.cli import main

    def deal(*args: str) -> tuple[int, str, str]:
        with pytest.raises(SystemExit) as exc:
            main(["deal", "fools-paradise", "--seed", "1", *args])
            raise SystemExit(0)
        out = capsys.readouterr()
        return int(exc.value.code or 0), out.out, out.err

    code, out, _ = deal()
    assert code == 0 and len(json.loads(out)["hands"]) == 2
    code, _, err = deal("--players", "1")
    assert code == 2 and err.strip().endswith("--players: fools-paradise takes 2..82 players")
