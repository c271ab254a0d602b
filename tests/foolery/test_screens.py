"""What a player reads of a Foolery table in text: who was skipped and who passed, how many cards
are set aside, who gives what to whom in the exchange (titles named), and a round's result that
names titles and players so that no number reads as a score."""

from __future__ import annotations

import json
import random
from pathlib import Path

from foolsolve.present import show_text, transcript
from foolsolve.spec.foolery import SPEC, Rules, title
from tests.generic.test_cli import run


def _dealt(players: int, seed: int, previous: list[int] | None = None):
    return SPEC.deal(Rules(), players, random.Random(seed), previous=previous)


def _skipping_moves(state, rng: random.Random):
    """Random moves from ``state`` up to and including the first play that skips a player."""
    moves = []
    while SPEC.result(state) is None:
        move = rng.choice(SPEC.legal_moves(state))
        after = SPEC.apply(state, move)
        moves.append(str(move))
        if after.skipped is not None:
            return moves, state, after
        state = after
    raise AssertionError("no skip")


def test_a_skipped_player_is_named_in_the_position_and_the_transcript() -> None:
    start = _dealt(7, 1)
    moves, before, after = _skipping_moves(start, random.Random(3))
    skipped = after.skipped
    text = show_text(SPEC, after)
    assert f"  player {skipped} is skipped (an equal " in text, text
    assert f"player {after.to_move} to move" in text
    lines = transcript(SPEC, start, moves)
    assert f"-- player {skipped} is skipped (an equal " in lines[-1], lines
    assert SPEC.boundary_note(before, SPEC.parse_move(before, moves[-1]), after).startswith(f"player {skipped} is ")


def test_passes_and_the_cards_set_aside_are_shown() -> None:
    state = _dealt(5, 2)
    rng = random.Random(5)
    passed_seen = aside_seen = False
    for _ in range(60):
        if SPEC.result(state) is not None:
            break
        state = SPEC.apply(state, rng.choice(SPEC.legal_moves(state)))
        text = SPEC.describe(state)
        aside = len(state.discard())
        assert (f"  discard: {aside} card" in text) == (aside > 0), text
        if state.passed:
            passed_seen = True
            qs = sorted(state.passed)
            said = f"player {qs[0]}" if len(qs) == 1 else f"players {', '.join(map(str, qs[:-1]))} and {qs[-1]}"
            assert f"  {said} passed\n" in text, text
        aside_seen = aside_seen or aside > 0
    assert passed_seen and aside_seen


def test_the_exchange_names_the_titles_and_the_receiver(tmp_path: Path, capsys) -> None:
    previous = [7, 2, 1, 3, 4, 5, 6]  # player 0 the Peasant, player 2 the King
    state = _dealt(7, 1, previous)
    assert state.phase == "peasant_gives" and state.to_move == 0
    text = SPEC.describe(state)
    assert "player 0 to move (exchange: the Peasant gives the King (player 2) the 2 highest cards)" in text, text
    assert "titles of round 1: King: player 2, Prince: player 1, Noble: player 3" in text
    assert "Merchant: player 6, Peasant: player 0" in text
    notes = SPEC.picture_notes(state)
    assert all(f"{title(previous[p], 7)} of round 1" in notes[p] for p in range(7))
    path = tmp_path / "r2.json"
    path.write_text(json.dumps(SPEC.state_to_json(state)), encoding="utf-8")
    code, out, err = run(["moves", str(path)], capsys)
    assert code == 0 and out.startswith("give ")
    assert "the Peasant gives the King (player 2)" in err
    view = tmp_path / "v3.json"  # a view file of another seat: the same line
    code, _, err = run(["view", str(path), "--as", "3", "--out", str(view)], capsys)
    assert code == 0, err
    code, out3, err = run(["moves", str(view)], capsys)
    assert code == 0 and "give " in out3
    assert "foolsolve: player 0 to move (exchange: the Peasant gives the King (player 2) the 2 highest cards)" in err
    state = SPEC.play(state, out.splitlines()[0])
    assert "(exchange: the King gives the Peasant (player 0) 2 cards of choice)" in SPEC.describe(state)


def test_the_round_result_names_each_title_s_player() -> None:
    state = SPEC.state_from_json({"game": "foolery", "players": 3, "dealer": 0, "to_move": 1,
                                  "hands": [[], ["3C"], ["4C", "9H"]], "places": [1, None, None]})
    end = SPEC.play(state, "play 3C")
    res = SPEC.result(end)
    assert res is not None and res.label == "King: player 0, Noble: player 1, Peasant: player 2"
    assert "round over: King: player 0, Noble: player 1, Peasant: player 2" in SPEC.describe(end)


def test_a_five_card_play_reads_in_rank_order_and_parses_back() -> None:
    state = SPEC.state_from_json({"game": "foolery", "players": 3, "dealer": 0, "to_move": 0,
                                  "hands": [["7C", "8D", "5H", "6S", "9S", "4C", "4D", "4H", "4S", "IV"],
                                            ["AC", "JD", "CD", "QD", "KD"], ["2C"]],
                                  "places": [None, None, None], "rules": {"straight_wrap": True}})
    texts = [str(m) for m in SPEC.legal_moves(state)]
    assert "play 5H 6S 7C 8D 9S" in texts and "play 4C 4D 4H 4S IV" in texts
    assert not any(t == "play 7C 8D 5H 6S 9S" for t in texts)
    for text in texts:  # the text names the same move, read back
        assert str(SPEC.parse_move(state, text)) == text
    after = SPEC.play(state, "play 9S 8D 7C 6S 5H")
    assert "  table: player 0 played 5H 6S 7C 8D 9S" in SPEC.describe(after)
    after = SPEC.play(after, "pass", "pass")  # player 0 wins the trick and leads again
    played = SPEC.play(SPEC.state_from_json(SPEC.state_to_json(after) | {"to_move": 1, "table": [],
                                                                            "passed": []}), "play AC JD CD QD KD")
    assert "played JD CD QD KD AC" in SPEC.describe(played)  # the ace above the King (straight_wrap)
