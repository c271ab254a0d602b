"""`foolsolve rules` labels every option once: from the text where a sentence of the seed is clear
(even garbled), reconstructed only where the text is silent or lost (RULES-NOTES: "Principle for
every game")."""

from __future__ import annotations

import pytest

from foolsolve import games
from foolsolve.cli import main
from foolsolve.rules import options_of
from foolsolve.spec.durak import Rules as DurakRules
from foolsolve.spec.fools_and_angels import Rules as FARules


def _sections(out: str) -> dict[str, list[str]]:
    sections: dict[str, list[str]] = {}
    title = ""
    for line in out.splitlines():
        if line and not line.startswith(" ") and line.endswith(":"):
            title = line
            sections[title] = []
        elif line.startswith("  ") and not line.startswith("    ") and " = " in line:
            sections[title].append(line.split(" = ")[0].strip())
    return sections


@pytest.mark.parametrize("game", games.names())
def test_rules_listing_names_each_option_once(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    main(["rules", game])
    names = [n for items in _sections(capsys.readouterr().out).values() for n in items]
    assert len(names) == len(set(names)), names


def test_durak_transfer_options_are_from_the_text(capsys: pytest.CaptureFixture[str]) -> None:
    # 001 §transfer "The first round cannot be transferred if the participants are playing the first game";
    # "and also if there is a card of a trump suit on the table"; §Variants "simply by showing a trump card"
    main(["rules", "durak"])
    sections = _sections(capsys.readouterr().out)
    text = next(v for k, v in sections.items() if k.startswith("From the source text"))
    for name in ("transfer_first_bout", "transfer_blocked_by_trump", "transfer_by_showing_trump",
                 "first_bout_sixth_after_take"):
        assert name in text
    defaults = {o.name: o.default for o in options_of(DurakRules)}
    assert defaults["transfer_first_bout"] is False
    assert defaults["transfer_blocked_by_trump"] is True
    assert defaults["first_bout_sixth_after_take"] is True


def test_fools_and_angels_attack_size_and_defence_face_cards_are_reconstructed() -> None:
    opts = {o.name: o for o in options_of(FARules)}
    assert opts["attack_size"].reconstructed and opts["attack_size"].default == "four_then_face"
    assert opts["defence_face_cards"].reconstructed and opts["defence_face_cards"].default == "with_pips"
    assert opts["end_of_turn"].fixed


@pytest.mark.parametrize("game, expected", [
    # RULES-NOTES §5 (Foolery): passing again after a pass, who leads when the trick winner has gone out and
    # the payoffs are open points; 004 §Trumping says trumps beat trumps, "Aces are low." (straight_wrap) and
    # "the following player is skipped" (skip_with_two) are clear.
    ("foolery", {"pass_is_final", "lead_after_out", "payoffs"}),
    # §3 (Three Fools): the Roshambo chance and its format, the binary card's start and the order collected cards
    # go under a pile are open; max hand and the streak are in 002.
    ("three-fools", {"roshambo", "binary_start", "roshambo_format", "collect_order"}),
])
def test_open_points_are_reconstructed(game: str, expected: set[str]) -> None:
    from foolsolve import games

    rules = games.get(game).spec.rules_cls
    assert {o.name for o in options_of(rules) if o.reconstructed} == expected


@pytest.mark.parametrize("game, name, sentence", [
    # a default that follows a clear sentence of the seed is "from the text" (RULES-NOTES: "Principle for every game")
    ("foolery", "straight_wrap", "Aces are low."),
    ("foolery", "skip_with_two", "the following player is skipped"),
    ("fools-paradise", "ace", "Ace may be one or fourteen"),
    ("fools-and-angels", "hand_limit", "already have 7 cards"),
])
def test_options_resting_on_clear_sentences_are_from_the_text(game: str, name: str, sentence: str,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    from foolsolve import games

    opt = next(o for o in options_of(games.get(game).spec.rules_cls) if o.name == name)
    assert not opt.reconstructed and sentence in opt.source
    main(["rules", game])
    sections = _sections(capsys.readouterr().out)
    assert name in next(v for k, v in sections.items() if k.startswith("From the source text"))
