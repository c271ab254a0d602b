"""Fools and Angels defences (seed 003): the enumerator, the Z3 model, a literal brute force,
and the ``defend`` command."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterable, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from foolsolve.cards import FRENCH52, Card
from foolsolve.errors import InputError
from foolsolve.solver.fools_and_angels import defence as fd
from foolsolve.solver.fools_and_angels import defence_z3 as fz
from foolsolve.solver.fools_and_angels.defence_cli import defend_command


def cards(text: str) -> list[Card]:
    return FRENCH52.parse_many(text)


def outcome(d: fd.Defence) -> tuple[frozenset[str], frozenset[str], frozenset[str], frozenset[str]]:
    return (frozenset(d.targets), frozenset(c.ascii for c in d.cards), frozenset(c.ascii for c in d.cancelled),
            frozenset(c.ascii for c in d.taken))


def outcomes(ds: Iterable[fd.Defence]) -> set[tuple[frozenset[str], frozenset[str], frozenset[str], frozenset[str]]]:
    return {outcome(d) for d in ds}


def oc(targets: str, played: str, cancelled: str, taken: str) -> tuple[frozenset[str], ...]:
    return (frozenset(targets.split()), frozenset(played.split()), frozenset(cancelled.split()),
            frozenset(taken.split()))


# --- a literal brute force, written from the rule text only ------------------------------

def brute_value(c: Card) -> int:
    """003: "Aces are worth 1"; black and red pips subtract; face cards count 0."""
    if c.rank in (11, 12, 13):
        return 0
    v = 1 if c.rank == 14 else c.rank
    return v if c.suit in "CS" else -v


def brute_defences(attack: Sequence[Card], hand: Sequence[Card], effects: dict[int, str],
                   dfc: str) -> set[tuple[frozenset[str], ...]]:
    """Every subset of the hand against every target, grouped by outcome."""
    faces = [c for c in attack if c.rank in (11, 12, 13)]
    binding = any(effects[c.rank] == "whole_only" for c in faces)
    groups: dict[tuple[frozenset[str], frozenset[str]], set[str]] = {}
    for r in range(1, len(hand) + 1):
        for played in itertools.combinations(hand, r):
            if not any(c.rank not in (11, 12, 13) for c in played):
                continue  # a defence needs a pip card
            if dfc == "never" and any(c.rank in (11, 12, 13) for c in played):
                continue
            s = sum(brute_value(c) for c in played)
            for target in ("whole", "red", "black"):
                if target == "whole":
                    goal = list(attack)
                else:
                    if binding:
                        continue
                    goal = [c for c in attack if c.rank not in (11, 12, 13) and (c.suit in "HD") == (target == "red")]
                    if not goal:
                        continue
                if s + sum(brute_value(c) for c in goal) == 0:
                    key = (frozenset(c.ascii for c in played), frozenset(c.ascii for c in goal))
                    groups.setdefault(key, set()).add(target)
    out: set[tuple[frozenset[str], ...]] = set()
    for (played_s, cancelled), ts in groups.items():
        taken = frozenset(c.ascii for c in attack) - cancelled
        out.add((frozenset(ts), played_s, cancelled, taken))
    return out


def brute_score(o: tuple[frozenset[str], ...], objective: str, attack_len: int) -> int:
    return -len(o[3]) if objective == "take" else len(o[1])


def brute_best(attack: Sequence[Card], hand: Sequence[Card], effects: dict[int, str], dfc: str,
               objective: str, keep: Iterable[Card]) -> set[tuple[frozenset[str], ...]]:
    kept = {c.ascii for c in keep}
    cands = [o for o in brute_defences(attack, hand, effects, dfc) if not (o[1] & kept)]
    cands.append((frozenset({"surrender"}), frozenset(), frozenset(), frozenset(c.ascii for c in attack)))
    best = max(brute_score(o, objective, len(attack)) for o in cands)
    return {o for o in cands if brute_score(o, objective, len(attack)) == best}


def brute_attacks(attacker: Sequence[Card], defender_size: int) -> list[frozenset[Card]]:
    """003 attack rules over every subset of the attacker's hand."""
    out = []
    for r in range(1, len(attacker) + 1):
        for a in itertools.combinations(attacker, r):
            pips = [c for c in a if c.rank not in (11, 12, 13)]
            if 1 <= len(pips) <= 4 and len(a) - len(pips) <= 1 and len(a) <= defender_size \
                    and sum(brute_value(c) for c in a) != 0:
                out.append(frozenset(a))
    return out


# --- seed examples -------------------------------------------------------------------------

def test_003_attack_3D_6H_2C_2S_needs_9_black_4_red_or_5_black() -> None:
    attack = cards("3D 6H 2C 2S")
    assert fd.target_total(attack, "red") == 9  # "9-black (to zero out the red)"
    assert fd.target_total(attack, "black") == -4  # "4-red (to zero out the black)"
    assert fd.target_total(attack, "whole") == 5  # "5-black (to balance the whole)"


def test_003_attack_3D_6H_2C_2S_exact_defences_of_a_small_hand() -> None:
    got = fd.legal_defences("3D 6H 2C 2S", "9C 4H 5S JC")  # J♣ never defends by default
    assert outcomes(got) == {
        oc("red", "9C", "3D 6H", "2C 2S"),
        oc("black", "4H", "2C 2S", "3D 6H"),
        oc("whole", "5S", "3D 6H 2C 2S", ""),
        oc("whole", "9C 4H", "3D 6H 2C 2S", ""),  # 9 - 4 = 5 black
    }
    assert len(got) == 4
    assert [d.target for d in got] == ["whole", "whole", "red", "black"]  # canonical order


def test_003_tip_attack_4D_met_by_6C_AC_3H() -> None:
    got = fd.legal_defences("4D", "6C AC 3H")
    # An all-red attack: the red target and the whole target are the same play.
    assert outcomes(got) == {oc("whole red", "6C AC 3H", "4D", "")}
    got = fd.legal_defences("4D", "6C AC 3H 4C")
    assert outcomes(got) == {oc("whole red", "6C AC 3H", "4D", ""), oc("whole red", "4C", "4D", "")}


def test_003_qa_JD_2C_cannot_be_half_defended_with_2H() -> None:
    got = fd.legal_defences("JD 2C", "2H 5S")
    # Only the whole attack may be cancelled: 2♥ discards both cards; nobody picks up the J♦.
    assert outcomes(got) == {oc("whole", "2H", "JD 2C", "")}
    assert not fd.can_defend("JD 2C", "2H 5S", target="black")
    # With the face effect switched off the J♦ is separable and the half defence appears.
    loose = fd.legal_defences("JD 2C", "2H 5S", face_effects={"J": "none"})
    assert outcomes(loose) == {oc("whole", "2H", "JD 2C", ""), oc("black", "2H", "2C", "JD")}
    assert outcomes(fz.z3_legal_defences("JD 2C", "2H 5S")) == outcomes(got)
    assert outcomes(fz.z3_legal_defences("JD 2C", "2H 5S", face_effects={"J": "none"})) == outcomes(loose)


def test_003_surrender_is_the_only_answer_when_nothing_cancels() -> None:
    best = fd.best_defences("5D 2C", "4C 6S 9H", "shed")
    assert [d.is_surrender for d in best] == [True]
    assert {c.ascii for c in best[0].taken} == {"5D", "2C"}
    assert fz.z3_best_defences("5D 2C", "4C 6S 9H", "shed") == best


def test_003_face_only_defender_has_no_defence() -> None:
    # "A player with only face cards in their hand ... loses when attacked."
    assert fd.legal_defences("3C", "JC QH KD") == []
    assert fd.legal_defences("3C", "JC QH KD", defence_face_cards="with_pips") == []
    crush = fd.crushing_attacks("3C 5D", "JC QH KD")
    assert {v.cards for v in crush.no_defence} == {tuple(cards("3C")), tuple(cards("5D")), tuple(cards("3C 5D"))}


def test_defence_face_cards_with_pips_adds_face_cards_to_a_pip_defence() -> None:
    got = fd.legal_defences("4D", "4C QH", defence_face_cards="with_pips")
    assert outcomes(got) == {oc("whole red", "4C", "4D", ""), oc("whole red", "4C QH", "4D", "")}
    assert outcomes(fd.legal_defences("4D", "4C QH")) == {oc("whole red", "4C", "4D", "")}


def test_objectives_shed_take_keep_list_every_tie() -> None:
    attack, hand = "3D 6H 2C 2S", "9C 4H 5S 2H 2D AC 3C"
    shed = fd.best_defences(attack, hand, "shed")
    assert {d.shed for d in shed} == {6} and len(shed) == 2
    take = fd.best_defences(attack, hand, "take")
    assert {d.taken_count for d in take} == {0} and len(take) == 6  # all six whole defences
    keep = fd.best_defences(attack, hand, "keep", keep="9C")
    assert outcomes(keep) == {oc("whole", "AC 2D 2H 3C 5S", "3D 6H 2C 2S", ""),
                              oc("black", "AC 2D 2H 3C 4H", "2C 2S", "3D 6H")}


def test_crushing_attacks_example() -> None:
    crush = fd.crushing_attacks("3D 6H 2C 2S JD", "9C 4H 5S 2H 2D")
    assert crush.legal_attacks == 30
    assert [" ".join(c.ascii for c in v.cards) for v in crush.no_defence] == ["2C 6H JD", "2S 6H JD", "2C 2S 6H JD"]
    assert len(crush.no_whole) == 6
    z = fz.z3_crushing_attacks("3D 6H 2C 2S JD", "9C 4H 5S 2H 2D")
    assert z == (30, {frozenset(v.cards) for v in crush.no_whole}, {frozenset(v.cards) for v in crush.no_defence})
    assert not fd.crushing_attacks("2C 3C", "4H").attack_allowed


# --- input checking ------------------------------------------------------------------------

@pytest.mark.parametrize(("attack", "hand", "message"), [
    ("TC 2D", "2H 3H 4H", "attack: 10C is not in play"),
    ("2C 3C 4C 5C 6C", "AH 2H 3H 4H 5H", "attack: 5 pip cards"),
    ("2C JD QH", "AH 2H 3H 4H 5H", "attack: 2 face cards"),
    ("JD", "AH 2H", "attack: face cards must accompany pip cards"),
    ("2C 2D", "AH 3H", "attack: the attack totals 0"),
    ("2C 3C 4C", "AH 3H", "attack: 3 cards but the defender holds 2"),
    ("2C 2C", "AH 3H", "attack: duplicate card 2C"),
    ("", "AH 3H", "attack: an attack needs at least one card"),
    ("2C", "AH 10H", "hand: 10H is not in play"),
    ("2C", "AH 2C", "hand: 2C is also in the attack"),
    ("2C", "AH XX", "hand: unknown card"),
])
def test_bad_attack_or_hand_is_a_one_line_input_error(attack: str, hand: str, message: str) -> None:
    with pytest.raises(InputError) as info:
        fd.legal_defences(attack, hand)
    assert str(info.value).startswith(message)
    assert "\n" not in str(info.value)


def test_bad_rule_options_are_input_errors() -> None:
    with pytest.raises(InputError, match=r"^face_effects\.J: unknown face effect 'fly'"):
        fd.legal_defences("2C", "2H", face_effects={"J": "fly"})
    with pytest.raises(InputError, match=r"^face_effects\.7: 7 is not a face rank"):
        fd.legal_defences("2C", "2H", face_effects={7: "none"})
    with pytest.raises(InputError, match=r"^defence_face_cards: 'always'"):
        fd.legal_defences("2C", "2H", defence_face_cards="always")
    with pytest.raises(InputError, match=r"^objective: 'most'"):
        fd.best_defences("2C", "2H", "most")
    with pytest.raises(InputError, match=r"^keep: 5S is not in the hand"):
        fd.best_defences("2C", "2H", "keep", keep="5S")
    assert fd.normalise_face_effects({11: "none", "queen": "none", "13": "whole_only"}) == {
        11: "none", 12: "none", 13: "whole_only"}
    assert fd.normalise_face_effects("none") == {11: "none", 12: "none", 13: "none"}
    # one rank under two names: which effect is meant? (the last one won, silently)
    with pytest.raises(InputError, match=r"^face_effects\.jack: the rank J appears twice \('J' and 'jack'"):
        fd.normalise_face_effects({"J": "none", "jack": "whole_only"})
    with pytest.raises(InputError, match=r"^face_effects\.13: the rank K appears twice \(13 and '13'"):
        fd.normalise_face_effects({13: "none", "13": "none"})


def test_validate_attack_accepts_four_pips_and_a_face_card() -> None:
    got = fd.validate_attack("2C 3D 4H 6S KD", 5)
    assert [c.ascii for c in got] == ["2C", "3D", "4H", "6S", "KD"]


# --- properties: enumerator = brute force = Z3 -------------------------------------------

IN_PLAY = fd.DEFAULT_IN_PLAY
PIPS = [c for c in IN_PLAY if fd.is_pip(c)]
FACES = [c for c in IN_PLAY if fd.is_face(c)]
EFFECTS = st.fixed_dictionaries({r: st.sampled_from(fd.FACE_EFFECT_NAMES) for r in fd.FACE_RANKS})


@st.composite
def attack_and_hand(draw: st.DrawFn, max_hand: int = 7, universe: Sequence[Card] = IN_PLAY) -> tuple[list[Card], list[Card]]:
    """A legal attack (1-4 pips, maybe a face card) and a defender's hand of up to ``max_hand``
    cards from ``universe`` minus the attack. Half the time the attack's last pips are re-chosen so
    that some subset of the hand cancels the whole attack (else most random draws have no defence)."""
    pips = [c for c in universe if fd.is_pip(c)]
    faces = [c for c in universe if fd.is_face(c)]
    attack = draw(st.lists(st.sampled_from(pips), min_size=1, max_size=4, unique=True))
    face = draw(st.one_of(st.none(), st.sampled_from(faces)))
    n_attack = len(attack) + (face is not None)
    rest = [c for c in universe if c not in attack and c != face]
    size = draw(st.integers(min_value=n_attack, max_value=max(max_hand, n_attack)))
    hand = draw(st.lists(st.sampled_from(rest), min_size=size, max_size=size, unique=True))
    hand_pips = [c for c in hand if fd.is_pip(c)]
    if hand_pips and not draw(st.booleans()):  # planting is the "simple" branch hypothesis tries first
        chosen = draw(st.lists(st.sampled_from(hand_pips), min_size=1, max_size=4, unique=True))
        for k in range(len(attack) - 1, -1, -1):  # keep as many of the drawn pips as possible
            need = -sum(fd.card_value(c) for c in chosen) - sum(fd.card_value(c) for c in attack[:k])
            fits = [c for c in pips if fd.card_value(c) == need and c not in hand and c not in attack[:k]]
            if fits:
                attack = [*attack[:k], draw(st.sampled_from(fits))]
                break
    if sum(fd.card_value(c) for c in attack) == 0:
        attack = attack[1:]  # a zero total needs two or more pips; the rest then totals non-zero
    return attack + ([face] if face is not None else []), hand


@given(attack_and_hand(universe=fd.NON_TEN_CARDS), EFFECTS, st.sampled_from(fd.DEFENCE_FACE_CARDS))
def test_enumerator_equals_brute_force_over_all_subsets(ah: tuple[list[Card], list[Card]], effects: dict[int, str],
                                                        dfc: str) -> None:
    attack, hand = ah
    got = fd.legal_defences(attack, hand, face_effects=effects, defence_face_cards=dfc)
    assert len(got) == len(outcomes(got))  # each outcome listed once
    assert got == sorted(got, key=fd.Defence.sort_key)
    assert outcomes(got) == brute_defences(attack, hand, effects, dfc)
    for d in got:
        assert sum(fd.card_value(c) for c in d.cards) == -sum(fd.card_value(c) for c in d.cancelled)
        assert sorted(d.hand_after(hand)) == sorted([c for c in hand if c not in d.cards] + list(d.taken))
    assert fd.can_defend(attack, hand, face_effects=effects) == bool(got)
    assert fd.can_defend(attack, hand, face_effects=effects, target="whole") == any(
        "whole" in d.targets for d in got)


@given(attack_and_hand(), EFFECTS, st.sampled_from(fd.DEFENCE_FACE_CARDS), st.data())
def test_best_defences_equal_brute_force_for_every_objective(ah: tuple[list[Card], list[Card]],
                                                             effects: dict[int, str], dfc: str, data: st.DataObject) -> None:
    attack, hand = ah
    keep = data.draw(st.lists(st.sampled_from(hand), max_size=3, unique=True))
    for objective, k in (("shed", []), ("take", []), ("keep", keep)):
        got = fd.best_defences(attack, hand, objective, keep=k, face_effects=effects, defence_face_cards=dfc)
        assert outcomes(got) == brute_best(attack, hand, effects, dfc, objective, k)


@given(attack_and_hand(max_hand=6), EFFECTS, st.sampled_from(fd.DEFENCE_FACE_CARDS))
def test_z3_and_enumerator_agree_on_every_legal_defence(ah: tuple[list[Card], list[Card]], effects: dict[int, str],
                                                        dfc: str) -> None:
    attack, hand = ah
    kw: dict[str, Any] = {"face_effects": effects, "defence_face_cards": dfc}
    assert fz.z3_legal_defences(attack, hand, **kw) == fd.legal_defences(attack, hand, **kw)


@given(attack_and_hand(), EFFECTS, st.sampled_from(fd.DEFENCE_FACE_CARDS), st.data())
def test_z3_and_enumerator_agree_on_optimum_and_full_tie_set(ah: tuple[list[Card], list[Card]], effects: dict[int, str],
                                                             dfc: str, data: st.DataObject) -> None:
    attack, hand = ah
    keep = data.draw(st.lists(st.sampled_from(hand), min_size=1, max_size=3, unique=True))
    kw: dict[str, Any] = {"face_effects": effects, "defence_face_cards": dfc}
    for objective, k in (("shed", []), ("take", []), ("keep", keep)):
        enum = fd.best_defences(attack, hand, objective, keep=k, **kw)
        z3b = fz.z3_best_defences(attack, hand, objective, keep=k, **kw)
        assert z3b == enum
        assert len({fd.objective_score(d, objective) for d in enum}) == 1


@st.composite
def two_hands(draw: st.DrawFn, max_attacker: int = 5, max_defender: int = 5) -> tuple[list[Card], list[Card]]:
    attacker = draw(st.lists(st.sampled_from(IN_PLAY), min_size=1, max_size=max_attacker, unique=True))
    rest = [c for c in IN_PLAY if c not in attacker]
    defender = draw(st.lists(st.sampled_from(rest), min_size=1, max_size=max_defender, unique=True))
    return attacker, defender


@given(two_hands(max_attacker=7, max_defender=7), EFFECTS)
def test_crushing_attacks_equal_brute_force(hands: tuple[list[Card], list[Card]], effects: dict[int, str]) -> None:
    attacker, defender = hands
    crush = fd.crushing_attacks(attacker, defender, face_effects=effects)
    attacks = brute_attacks(attacker, len(defender))
    assert crush.legal_attacks == len(attacks)
    assert {frozenset(a) for a in fd.legal_attacks(attacker, len(defender))} == set(attacks)
    no_whole, no_def = set(), set()
    for a in attacks:
        ds = brute_defences(sorted(a), defender, effects, "never")
        if not any("whole" in o[0] for o in ds):
            no_whole.add(a)
        if not ds:
            no_def.add(a)
    assert {frozenset(v.cards) for v in crush.no_whole} == no_whole
    assert {frozenset(v.cards) for v in crush.no_defence} == no_def
    assert list(crush.no_whole) == sorted(crush.no_whole, key=fd.AttackVerdict.sort_key)


@given(two_hands(max_attacker=5, max_defender=5), EFFECTS)
def test_crushing_attacks_z3_agrees_with_enumerator(hands: tuple[list[Card], list[Card]], effects: dict[int, str]) -> None:
    attacker, defender = hands
    crush = fd.crushing_attacks(attacker, defender, face_effects=effects)
    n, no_whole, no_def = fz.z3_crushing_attacks(attacker, defender, face_effects=effects)
    assert n == crush.legal_attacks
    assert no_whole == {frozenset(v.cards) for v in crush.no_whole}
    assert no_def == {frozenset(v.cards) for v in crush.no_defence}
    for v in crush.no_whole[:3]:
        assert not fz.z3_has_defence(v.cards, defender, whole_only=True, face_effects=effects)


def test_large_hand_enumerator_matches_z3_optimum_and_ties() -> None:
    # 16 and 10 cards: beyond the property tests' 7. Z3 confirms each optimum and its tie set
    # (the "take" tie set of the 16-card hand has 2611 members: too many for blocking clauses).
    attack = "3D 6H 2C 2S KD"
    hand16 = "AC 2D 2H 3C 4H 5S 9C AS 3S 4D 5C 6D 6S 7C 7H AH"
    hand10 = "AC 2D 2H 3C 4H 5S 9C AS 3S 4D"
    assert fz.z3_best_defences(attack, hand16, "shed") == fd.best_defences(attack, hand16, "shed")
    assert fz.z3_best_defences(attack, hand16, "keep", keep="AC 9C") == fd.best_defences(attack, hand16, "keep",
                                                                                         keep="AC 9C")
    take = fd.best_defences(attack, hand10, "take")
    assert len(take) == 56 and fz.z3_best_defences(attack, hand10, "take") == take


# --- the defend command --------------------------------------------------------------------

def run(args: list[str]) -> Any:
    return CliRunner().invoke(defend_command, args, catch_exceptions=True)


def test_cli_defend_human_output_with_glyphs_and_agreement() -> None:
    r = run(["--attack", "3D 6H 2C 2S", "--hand", "9C 4H 5S JC", "--method", "both", "--all",
             "--defence-face-cards", "never"])
    assert r.exit_code == 0, r.output
    assert "5♠" in r.output and "whole needs +5" in r.output and "red needs +9" in r.output
    assert "black needs −4" in r.output
    assert "enumerator and Z3 agree" in r.output
    assert "4 legal defences" in r.output


def test_cli_defend_uses_the_rules_in_force_as_moves_does(tmp_path: Path) -> None:
    """Without a rules field or --defence-face-cards, defend answers under the game's default
    (with_pips): the same defences as the spec's legal moves of the position."""
    from foolsolve.spec.fools_and_angels import SPEC, Defend

    example = resources.files("foolsolve").joinpath("examples", "fools-and-angels-defence-003.json")
    pos = json.loads(example.read_text())
    pos["hands"][1] = ["9C", "JC", "AD", "4H", "5S"]  # J♣ for 7♦: a face card that may join a defence
    pos["pool"] = ["7H", "QS", "8H", "9D", "7D"]
    p = tmp_path / "pos.json"
    p.write_text(json.dumps(pos))
    state = SPEC.state_from_json(pos)
    defences = [m for m in SPEC.legal_moves(state) if isinstance(m, Defend)]
    r = run([str(p), "--json", "--all"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert out["rules"]["defence_face_cards"] == "with_pips"
    assert len(out["legal"]) == len(defences) and any("JC" in d["cards"] for d in out["legal"])
    r = run(["--attack", "2C 3D 6H 2S", "--hand", "9C JC AD 4H 5S", "--json", "--all"])
    assert json.loads(r.output)["legal"] == out["legal"]


def test_cli_defend_json_keep_objective() -> None:
    r = run(["--attack", "3D 6H 2C 2S", "--hand", "9C 4H 5S 2H 2D AC 3C", "--keep", "9C", "--json",
             "--method", "both"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert out["objective"] == "keep" and out["keep"] == ["9C"] and out["agree"] is True
    assert out["value"] == 5 and len(out["best"]) == 2
    assert all("9C" not in d["cards"] for d in out["best"])


def test_cli_attacker_side_lists_crushing_attacks() -> None:
    r = run(["--attacker-hand", "3D 6H 2C 2S JD", "--hand", "9C 4H 5S 2H 2D", "--json", "--method", "both"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert out["mode"] == "attack" and out["agree"] is True and out["legal_attacks"] == 30
    assert [a["cards"] for a in out["no_defence"]] == [["2C", "6H", "JD"], ["2S", "6H", "JD"], ["2C", "2S", "6H", "JD"]]
    r = run(["--attacker-hand", "3D 6H 2C 2S JD", "--hand", "9C 4H 5S 2H 2D", "--method", "z3"])
    assert r.exit_code == 0 and "6 leave no defence of the whole attack, 3 no defence at all" in r.output


EXAMPLES = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"


def test_cli_position_file_is_read_by_the_spec(tmp_path: Path) -> None:
    pos: dict[str, Any] = json.loads((EXAMPLES / "fools-and-angels-defence-003.json").read_text())
    pos["rules"] = {"face_effects": {"J": "none"}, "defence_face_cards": "never"}
    pos["hands"][1] = ["2H", "5S", "9C", "4H", "AD"]
    pos["attack"] = ["JD", "2C"]
    p = tmp_path / "pos.json"
    p.write_text(json.dumps(pos))
    r = run([str(p), "--json", "--all"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert out["hand"] == ["AD", "2H", "4H", "5S", "9C"] and out["attack"] == ["2C", "JD"]
    assert {d["target"] for d in out["legal"]} >= {"whole", "black"}  # J♦ separable under "none"
    # No attack on the table: the side to move is the attacker.
    turn = json.loads((EXAMPLES / "fools-and-angels-endgame.json").read_text())
    p.write_text(json.dumps(turn))
    r = run([str(p), "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["mode"] == "attack"


@pytest.mark.parametrize("change", [
    {"game": "durak"}, {"hands": [["2C"]]}, {"to_move": 5}, {"attack": ["4C", "4C"]},
    {"rules": {"face_effects": {"Q": "x"}}}, {"hands": [["5C"], ["9C", "7D", "AD", "4H", "TH"]]},
])
def test_cli_bad_position_is_the_specs_one_line_error(tmp_path: Path, change: dict[str, Any]) -> None:
    """One reader of position files: defend rejects a bad position with the spec's own error."""
    from foolsolve.spec.fools_and_angels import SPEC

    pos = {**json.loads((EXAMPLES / "fools-and-angels-defence-003.json").read_text()), **change}
    with pytest.raises(InputError) as spec_error:
        SPEC.state_from_json(pos)
    p = tmp_path / "pos.json"
    p.write_text(json.dumps(pos))
    r = run([str(p)])
    assert isinstance(r.exception, InputError), r.output
    assert str(r.exception) == str(spec_error.value)


def test_cli_bad_options_are_input_errors(tmp_path: Path) -> None:
    r = run(["--attack", "2C", "--hand", "2H", "--objective", "keep"])
    assert isinstance(r.exception, InputError) and str(r.exception).startswith("--keep:")
    r = run(["--hand", "2H"])
    assert isinstance(r.exception, InputError) and str(r.exception).startswith("--attack:")
    r = run(["--attack", "2C", "--hand", "2H", "--face-effects", "Z=none"])
    assert isinstance(r.exception, InputError) and str(r.exception).startswith("--face-effects")
    bad = tmp_path / "bad.json"
    bad.write_text("{nope")
    r = run([str(bad)])
    assert isinstance(r.exception, InputError) and "malformed JSON" in str(r.exception)


def test_defences_of_a_big_hand_are_found_without_trying_every_set(monkeypatch) -> None:
    """The sets of pip cards with a target's total are those of every combination filtered by its
    total, in the same order, found without trying each of the 2^n sets (a 20-card defender's
    defences took minutes to list, an arena deal with them no progress)."""
    import random

    from foolsolve.spec import fools_and_angels as fa
    from tests.fools_and_angels.helpers import position

    pips = [c for c in FRENCH52.cards if fa.is_pip(c)]
    rng = random.Random(3)
    for _ in range(40):
        hand = fa.ordered(rng.sample(pips, rng.randint(0, 10)))
        need = rng.randint(-12, 12)
        assert fa.with_total(hand, need) == [c for n in range(1, len(hand) + 1)
                                             for c in itertools.combinations(hand, n) if fa.total(c) == need]
    black = " ".join([f"{r}{s}" for s in "CS" for r in "A23456"] + ["7C", "7S", "8S", "9C"])  # the 16 black pips
    state = position("3H", black, to_move=1, phase="defend", attack="2D")
    calls = [0]
    real = fa.total

    def counted(cards):
        calls[0] += 1
        return real(cards)

    monkeypatch.setattr(fa, "total", counted)
    defences = [str(m) for m in fa.defence_moves(state)]
    assert defences[-1] == "surrender" and len(defences) > 1
    assert calls[0] < 1_000, calls[0]  # every one of the 65,535 sets tried: as many calls
