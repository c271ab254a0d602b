"""The Z3 proofs run (as `foolsolve prove` runs them) and can fail: a wrong rule function
in the spec must be caught."""

import pytest

from foolsolve.proofs import durak as durak_proofs
from foolsolve.proofs import registry
from foolsolve.spec import durak

PROOFS = registry.all_proofs()


@pytest.mark.parametrize("proof", PROOFS, ids=[p.name for p in PROOFS])
def test_proof_holds(proof):
    outcome = proof.run()
    assert outcome.proved, outcome.detail


def test_select_by_prefix_and_unknown_name():
    assert {p.name for p in registry.select(["durak"])} >= {"durak.beats_is_a_strict_order"}
    with pytest.raises(registry.InputError):
        registry.select(["nope"])


def test_a_wrong_beats_rule_is_caught(monkeypatch):
    def equal_rank_beats(b, a, trump):  # the bug: an equal card of the same suit "beats"
        return (b.suit == a.suit and b.rank >= a.rank) or (trump is not None and b.suit == trump and a.suit != trump)

    monkeypatch.setattr(durak, "beats", equal_rank_beats)
    durak_proofs._beats_model_matches_spec.cache_clear()
    try:
        outcome = registry.select(["durak.beats_is_a_strict_order"])[0].run()
    finally:
        monkeypatch.undo()
        durak_proofs._beats_model_matches_spec.cache_clear()
    assert not outcome.proved and "differ" in outcome.detail


def test_a_wrong_cap_is_caught(monkeypatch):
    monkeypatch.setattr(durak, "cap", lambda state: state.defender_start + 1)
    outcome = registry.select(["durak.cap_keeps_defender_able"])[0].run()
    assert not outcome.proved


def test_a_face_card_with_a_value_is_caught(monkeypatch):
    from foolsolve.proofs import fools_and_angels as fa_proofs
    from foolsolve.spec import fools_and_angels as fa

    real = fa.value
    monkeypatch.setattr(fa, "value", lambda c: 1 if fa.is_face(c) else real(c))
    fa_proofs._value_model_matches_spec.cache_clear()
    try:
        outcome = registry.select(["fools_and_angels.face_only_cannot_attack"])[0].run()
    finally:
        monkeypatch.undo()
        fa_proofs._value_model_matches_spec.cache_clear()
    assert not outcome.proved


def test_an_either_rule_narrower_than_high_is_caught(monkeypatch):
    from foolsolve.proofs import fools_paradise as fp_proofs
    from foolsolve.spec import fools_paradise as fp

    real = fp.value_choices
    # the bug: under 'either' an ace only ever counts 1
    monkeypatch.setattr(fp, "value_choices",
                        lambda card, rules: (1,) if rules.ace == "either" and card.rank == 14 else real(card, rules))
    fp_proofs._spec_table.cache_clear()
    try:
        outcome = registry.select(["fools_paradise.either_is_the_widest_ace_rule"])[0].run()
    finally:
        monkeypatch.undo()
        fp_proofs._spec_table.cache_clear()
    assert not outcome.proved and "spec" in outcome.detail
