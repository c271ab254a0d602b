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


# --- cross-game proofs and the new per-game ones ------------------------------------------------


def test_prove_prints_a_table_with_seconds():
    from click.testing import CliRunner

    from foolsolve.cli import cli

    res = CliRunner().invoke(cli, ["prove", "durak.top_cards", "fools_and_angels.engine_card_tables_equal_spec"])
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    assert lines[0].split()[:3] == ["result", "seconds", "proof"] and lines[0].rstrip().endswith("statement")
    assert lines[1].startswith("proved") and "durak.top_cards" in lines[1]
    assert float(lines[1].split()[1]) >= 0
    assert lines[-1].startswith("2 proved, 0 failed")


def test_every_game_declares_card_accounting_and_is_covered():
    from foolsolve import games
    from foolsolve.proofs import cross_game

    covered = {info.name for info, _ in cross_game._games_with("CARD_ACCOUNTING")}
    assert covered == {info.name for info in games.all_games() if info.proofs}
    assert "cross_game" in " ".join(p.name for p in PROOFS)


def test_a_transition_that_duplicates_a_card_is_caught(monkeypatch):
    import dataclasses

    from foolsolve import games
    from foolsolve.proofs import cross_game

    real = durak.DurakSpec.apply

    def duplicating(self, state, move):  # the bug: a taken table also stays in the discard
        out = real(self, state, move)
        if isinstance(move, durak.Take):
            return dataclasses.replace(out, discard=out.discard | frozenset(a for a, _ in state.table))
        return out

    monkeypatch.setattr(durak.DurakSpec, "apply", duplicating)
    outcome = cross_game.conservation([(games.get("durak"), durak_proofs.CARD_ACCOUNTING)])
    assert not outcome.proved
    assert "extra" in outcome.detail and "take" in outcome.detail


def test_cards_leaving_play_outside_a_discarding_move_are_caught():
    import dataclasses

    from foolsolve import games
    from foolsolve.proofs import cross_game
    from foolsolve.proofs import fools_and_angels as fa_proofs
    from foolsolve.spec import fools_and_angels as fa

    # the defence is not declared as discarding: its cancelled cards must be reported as lost
    never_discards = dataclasses.replace(fa_proofs.CARD_ACCOUNTING,
                                         discards=lambda move: isinstance(move, (fa.Discard, fa.DiscardStock)))
    outcome = cross_game.conservation([(games.get("fools-and-angels"), never_discards)])
    assert not outcome.proved and "without discarding" in outcome.detail and "defend" in outcome.detail


def test_a_wrong_engine_beats_table_is_caught(monkeypatch):
    from foolsolve.engines import durak as engine

    hearts = engine.SUIT_SLOT["H"]
    table = list(engine.BEATERS[hearts])
    seven_clubs = next(c for c in range(64) if engine.CARDS.get(c) is not None and str(engine.CARDS[c]) == "7♣")
    table[seven_clubs] &= ~(1 << seven_clubs + 1)  # the bug: 8♣ no longer beats 7♣ with hearts trump
    monkeypatch.setitem(engine.BEATERS, hearts, tuple(table))
    outcome = registry.select(["durak.engine_beats_equals_spec"])[0].run()
    assert not outcome.proved
    assert "trump H" in outcome.detail and "8♣" in outcome.detail and "7♣" in outcome.detail


def test_a_wrong_engine_value_is_caught(monkeypatch):
    from foolsolve.engines import fools_and_angels as engine

    bit = 1 << next(c for c in durak.FRENCH52.cards if str(c) == "3♦").index
    monkeypatch.setitem(engine.VAL, bit, 3)  # the bug: a red pip counted positive
    outcome = registry.select(["fools_and_angels.engine_card_tables_equal_spec"])[0].run()
    assert not outcome.proved and "value of 3♦" in outcome.detail


def test_a_ranking_that_does_not_decrease_is_refuted(monkeypatch):
    # without the attack cards in the second component, a bout taken without throw-ins keeps it equal
    monkeypatch.setattr(durak_proofs, "_rank", lambda a, d, ta, tc, tk: (a + d + ta + tc, a, -(2 * (ta + tc) + tk)))
    outcome = registry.select(["durak.two_player_empty_stock_ends"])[0].run()
    assert not outcome.proved and "bout ends taken" in outcome.detail


def test_a_transition_outside_the_ranking_argument_is_caught(monkeypatch):
    import dataclasses

    real = durak.DurakSpec.apply

    def gift(self, state, move):  # the bug: a beaten bout gives the attacker a discarded card back
        out = real(self, state, move)
        if not state.stock and out.table == () and state.table and not state.taking and out.discard:
            back = min(out.discard)
            hands = list(out.hands)
            hands[out.attacker] = hands[out.attacker] | {back}
            return dataclasses.replace(out, hands=tuple(hands), discard=out.discard - {back})
        return out

    monkeypatch.setattr(durak.DurakSpec, "apply", gift)
    outcome = durak_proofs._empty_stock_ends()
    assert not outcome.proved and "does not cover" in outcome.detail


def test_a_reduction_that_changes_the_value_is_caught():
    from foolsolve import games
    from foolsolve.proofs import cross_game

    positions = durak_proofs.lead_positions(durak.PODKIDNOY, ("6C", "7C", "6S"))
    fake = cross_game.ReductionCheck(
        names=("good", "bad"), positions=lambda: iter(positions), single_positions=lambda: iter(positions),
        value=lambda state, on: "win" if on["bad"] else "loss", bound="three cards")
    outcome = cross_game.reductions([(games.get("durak"), fake)])
    assert not outcome.proved and "every reduction on" in outcome.detail
    fake_single = dataclasses_replace(fake, positions=lambda: iter(()))
    outcome = cross_game.reductions([(games.get("durak"), fake_single)])
    assert not outcome.proved and "with bad on" in outcome.detail


def dataclasses_replace(obj, **kw):
    import dataclasses

    return dataclasses.replace(obj, **kw)


def test_the_reduction_proof_switches_every_reduction_the_solver_has():
    from foolsolve.solver.durak import Reductions

    names = durak_proofs.solver_reductions().names
    assert set(names) == {f.name for f in __import__("dataclasses").fields(Reductions)}
