"""`foolsolve rules` labels every option once: from the text where a sentence of the seed is clear
(even garbled), reconstructed only where the text is silent or lost (RULES-NOTES: "Principle for
every game")."""

from __future__ import annotations

import inspect
import re
import sys
from pathlib import Path

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


def test_durak_transfer_trump_laid_is_a_reconstructed_option(capsys: pytest.CaptureFixture[str]) -> None:
    # 001 §transfer "also if there is a card of a trump suit on the table": whether the trump laid (or
    # shown) to transfer counts, the text does not say; both readings are rules a table could play
    opt = next(o for o in options_of(DurakRules) if o.name == "transfer_trump_laid")
    assert opt.reconstructed and opt.default is True and opt.choices == (True, False)
    assert "card of a trump suit on the table" in opt.source and "showing a trump card" in opt.source
    main(["rules", "durak"])
    sections = _sections(capsys.readouterr().out)
    assert "transfer_trump_laid" in next(v for k, v in sections.items() if k.startswith("Reconstructed"))
    assert "transfer_trump_laid" not in next(v for k, v in sections.items() if k.startswith("From the source text"))


def test_fools_and_angels_hand_limit_is_a_reconstruction_of_the_lost_lists(capsys: pytest.CaptureFixture[str]) -> None:
    # RULES-NOTES §4: "Reconstruction (the lost lists), to be marked as such everywhere: ... `hand_limit`: 7."
    # 003's forfeit sentence ("for example, they already have 7 cards") gives 7 as an example only: it agrees
    opt = next(o for o in options_of(FARules) if o.name == "hand_limit")
    assert opt.reconstructed and opt.default == 7 and "already have 7 cards" in opt.source
    assert "reconstruction" in opt.doc and "agrees" in opt.doc
    main(["rules", "fools-and-angels"])
    sections = _sections(capsys.readouterr().out)
    assert "hand_limit" in next(v for k, v in sections.items() if k.startswith("Reconstructed"))
    assert "hand_limit" not in next(v for k, v in sections.items() if k.startswith("From the source text"))


def test_fools_and_angels_attack_size_and_defence_face_cards_are_reconstructed() -> None:
    opts = {o.name: o for o in options_of(FARules)}
    assert opts["attack_size"].reconstructed and opts["attack_size"].default == "four_then_face"
    assert opts["defence_face_cards"].reconstructed and opts["defence_face_cards"].default == "with_pips"
    assert opts["end_of_turn"].fixed


@pytest.mark.parametrize("game, expected", [
    # RULES-NOTES §5 (Foolery): passing again after a pass, who leads when the trick winner has gone out, the
    # skip with two players left (skip_with_two: 004 is silent there) and the payoffs are open points;
    # 004 §Trumping says trumps beat trumps and "Aces are low." (straight_wrap) is clear.
    ("foolery", {"pass_is_final", "lead_after_out", "skip_with_two", "payoffs"}),
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
    ("fools-paradise", "ace", "Ace may be one or fourteen"),
])
def test_options_resting_on_clear_sentences_are_from_the_text(game: str, name: str, sentence: str,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    from foolsolve import games

    opt = next(o for o in options_of(games.get(game).spec.rules_cls) if o.name == name)
    assert not opt.reconstructed and sentence in opt.source
    main(["rules", game])
    sections = _sections(capsys.readouterr().out)
    assert name in next(v for k, v in sections.items() if k.startswith("From the source text"))


def _reconstructed_in_listing(out: str) -> set[str]:
    """The names ``foolsolve rules GAME`` labels reconstructed: the options of its "Reconstructed" section,
    the fixed rules tagged "(reconstructed)" and the readings "Reconstructed with one sensible reading"."""
    names: set[str] = set()
    title = ""
    for line in out.splitlines():
        if line and not line.startswith(" ") and line.endswith(":"):
            title = line
            continue
        m = re.match(r"  (\w+)( = |: )", line)
        if m and (title.startswith("Reconstructed") or line.endswith("(reconstructed)")):
            names.add(m.group(1))
    return names


_MARKER = re.compile(r"\bRECONSTRUCTIONS?\b")
_NAMED = re.compile(r"RECONSTRUCTIONS?\s+(?:\((?:listed:|option)\s+)?(?:``)?([a-z][a-z0-9_]*)")
_LOWER_NAMED = re.compile(r"\b(?:reconstructions?|reading)\s+``([a-z][a-z0-9_]*)``")


@pytest.mark.parametrize("game", games.names())
def test_every_reconstruction_marker_of_a_spec_names_an_entry_foolsolve_rules_lists(
        game: str, capsys: pytest.CaptureFixture[str]) -> None:
    # RULES-NOTES: "A user must be able to see, for any game, which rules come from the text and which are
    # reconstructions (`foolsolve rules GAME`)": each ``RECONSTRUCTION`` in a spec names the reconstructed
    # option or the listed reading it applies, and `foolsolve rules GAME` lists it as reconstructed
    main(["rules", game])
    listed = _reconstructed_in_listing(capsys.readouterr().out)
    source = Path(inspect.getsourcefile(sys.modules[type(games.get(game).spec).__module__]) or "")
    text = source.read_text(encoding="utf-8")
    bad = []
    for m in _MARKER.finditer(text):
        before, after = text[max(0, m.start() - 8):m.start()], text[m.end():m.end() + 4]
        if before.endswith(("``", "``# ", ":data:`", "= ")) or after.startswith(" = ("):
            continue  # the module docstring's word for the marker, the tuple of listed readings
        line = text.count("\n", 0, m.start()) + 1
        named = _NAMED.match(text, m.start())
        if named is None:
            bad.append(f"{source.name}:{line}: {m.group()} names no entry")
        elif named.group(1) not in listed:
            bad.append(f"{source.name}:{line}: {named.group(1)} is not listed as reconstructed")
    for m in _LOWER_NAMED.finditer(text):
        if m.group(1) not in listed:
            line = text.count("\n", 0, m.start()) + 1
            bad.append(f"{source.name}:{line}: {m.group(1)} is not listed as reconstructed")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("game, name", [
    ("foolery", "first_dealer"),  # RULES-NOTES §5: "the dealer (a position field; `deal` picks one by the seed)"
    ("durak", "show_once"),  # a shown trump stays in the hand: each is shown once a bout
    ("durak", "neighbours_lead"),  # throwers=neighbours and a lead attacker apart from the defender
    ("durak", "redeal_order"),  # who speaks first for a re-deal
    ("durak", "out_defender_lead"),  # a defender who goes out with a beaten bout: the next player leads
    ("fools-paradise", "stays_clear_then_lay"),  # played_card stays: the clear is scored, then the card is laid
    ("fools-and-angels", "forfeit_first"),  # the start-of-turn forfeit before an Exchange or the exception pass
])
def test_readings_the_specs_apply_are_listed(game: str, name: str, capsys: pytest.CaptureFixture[str]) -> None:
    main(["rules", game])
    assert name in _reconstructed_in_listing(capsys.readouterr().out)
