"""Every open point of RULES-NOTES (the note beside the seeds, shared/RULES-NOTES.md) is visible in
`foolsolve rules GAME`: an option (settable in a position file) or a reconstruction listed with its
reason. The mapping below quotes each open point; where the note is at hand (a development checkout
beside shared/) the test also reads it and fails on an open point the mapping does not cover."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from foolsolve.cli import main

OPEN_POINTS: dict[str, list[tuple[str, str]]] = {
    "durak": [
        ("`deck`: 36 | 52", "deck"),
        ("`first_bout_limit`", "first_bout_limit"),
        ("`bout_limit`", "bout_limit"),
        ("Attack cards in a bout may never exceed", "defender_hand_cap"),
        ("`throw_in_after_take`", "throw_in_after_take"),
        ("`throwers`", "throwers"),
        ("`transfer_by_showing_trump`", "transfer_by_showing_trump"),
        ("`transfer_first_bout`", "transfer_first_bout"),
        ("`transfer_blocked_by_trump`", "transfer_blocked_by_trump"),
        ("`first_bout_sixth_after_take`", "first_bout_sixth_after_take"),
        ("Who is the lead attacker after a transfer", "transfer_lead"),
        ("`redeal_right`", "redeal_right"),
        ("`transfer_cap`", "transfer_cap"),
        ("`draw_outcome`", "draw_outcome"),
        ("Who leads the first bout: lowest trump", "first_lead"),
    ],
    "fools-paradise": [
        ("`ace`: `either`", "ace"),
        ("`played_card`", "played_card"),
        ("`card_points`", "card_points"),
        ("`last_card_sweep_counts_as_clear`", "last_card_sweep_counts_as_clear"),
        ("`decks`: 1 | n", "decks"),
        ("When the stock is too small to refill the centre", "refill_short_stock"),
        ("the \"Fool's Paradise\" move read as a", "fools_paradise_is_a_lay"),
        ("at most one collection per turn", "one_collection_per_turn"),
    ],
    "three-fools": [
        ("`roshambo`: `uniform`", "roshambo"),
        ("`streak_to_win`", "streak_to_win"),
        ("`max_hand`", "max_hand"),
        ("Binary card starts DOWN", "binary_start"),
        ("Which card is \"highest\"", "no_rank_ties"),
        ("The first leader", "first_leader"),
        ("The flip:", "flip_is_a_move"),
        ("The declaration is one of the three suits", "declaration"),
        ("Hidden information", "hidden_information"),
        ("Short piles", "short_piles"),
        ("When is a loss checked", "loss_check"),
        ("the order in which the collected", "collect_order"),
        ("\"single-elimination Roshambo\"", "roshambo_format"),
    ],
    "fools-and-angels": [
        ("Stock sizes follow the Asymmetry variant", "stocks"),
        ("Default `stocks`", "stocks"),
        ("`hand_limit`: 7", "hand_limit"),
        ("Regroup: draw at least one card", "regroup_max"),
        ("Attack size:", "attack_size"),
        ("Defence with face cards", "defence_face_cards"),
        ("Face cards: value 0", "face_effects"),
        ("End of turn", "end_of_turn"),
    ],
    "foolery": [
        ("`trump_beats_trump`", "trump_beats_trump"),
        ("`pass_is_final`", "pass_is_final"),
        ("`straight_wrap`", "straight_wrap"),
        ("When the trick winner has gone out", "lead_after_out"),
        ("\"Highest card\" of a flush or straight", "equal_hand_tops"),
        ("The skip after an equal single or pair", "skip_with_two"),
        ("A player who goes out", "going_out"),
        ("The first deal of a game", "deal_extra_cards"),
        ("A player whose only card is the Fool", "stuck_fool_leaves"),
        ("Which cards the King gives back", "highest_cards"),
        ("whether the Fool counts as a trump", "fool_in_trump_lead"),
        ("who deals in later rounds with three players", "three_player_dealer"),
        ("how long a player stuck with the Fool stays in", "stuck_fool_leaves"),
        ("the payoffs per title", "payoffs"),
    ],
}
"""Per game: a phrase of each open point of RULES-NOTES, and the option or listed reconstruction
that `foolsolve rules GAME` shows for it."""

NOT_RULES = ("Principle for every game", "Two-player endgame", "\"Ace 1/14\" is the headline ambiguity")
"""Bullets of the note that are no open rule: the labelling principle, an analysis remark, a tools request."""

SECTIONS = {"1. Durak": "durak", "2. Fool's Paradise": "fools-paradise", "3. Three Fools": "three-fools",
            "4. Fools and Angels": "fools-and-angels", "5. Foolery": "foolery"}


@pytest.mark.parametrize("game", sorted(OPEN_POINTS))
def test_every_open_point_is_an_option_or_a_listed_reconstruction(game: str,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    main(["rules", game])
    out = capsys.readouterr().out
    shown = set(re.findall(r"^  ([a-z_0-9]+)(?: = |: )", out, flags=re.MULTILINE))
    missing = sorted({name for _, name in OPEN_POINTS[game]} - shown)
    assert not missing, f"{game}: not shown by foolsolve rules: {missing}"


def _notes() -> Path | None:
    here = Path(os.environ.get("FOOLSOLVE_RULES_NOTES", ""))
    for p in (here, Path(__file__).resolve().parents[3] / "shared" / "RULES-NOTES.md",
              Path("/work/shared/RULES-NOTES.md")):
        if p.is_file():
            return p
    return None


def test_the_mapping_covers_every_open_point_of_the_note() -> None:
    path = _notes()
    if path is None:
        pytest.skip("shared/RULES-NOTES.md is not beside this checkout (the mapping above still runs)")
    text = path.read_text(encoding="utf-8")
    parts = re.split(r"^## ", text, flags=re.MULTILINE)[1:]
    uncovered: list[str] = []
    for part in parts:
        game = next((g for head, g in SECTIONS.items() if part.startswith(head)), None)
        assert game is not None, part[:40]
        phrases = [p for p, _ in OPEN_POINTS[game]]
        body = part.split("Open points", 1)[-1] if "Open points" in part else part.split("Reconstruction (", 1)[-1]
        for line in body.splitlines():
            if not line.startswith("- "):
                continue
            if not any(p in line for p in phrases) and not any(x in line for x in NOT_RULES):
                uncovered.append(f"{game}: {line[:80]}")
        for p in phrases:
            assert p in part, f"{game}: the note no longer says {p!r}"
    assert not uncovered, uncovered
