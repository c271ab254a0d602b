"""Foolery's proofs run by game name and can fail: each wrong relation patched in
(the engine's or the spec's) is refuted with a counterexample in cards. (That they hold is
tests/generic/test_proofs.py's ``test_proof_holds``, over every registered proof.)"""

from __future__ import annotations

import dataclasses
import re

from foolsolve import games
from foolsolve.engines import foolery as fe
from foolsolve.engines import foolery_native as fn
from foolsolve.proofs import cross_game, registry
from foolsolve.proofs import foolery as fp
from foolsolve.spec import foolery as S

CARD = r"[0-9A-Z]{1,5}"
"""A card as the counterexamples write it (``7C``, ``XXI``)."""


def _run(name: str):
    return registry.select([name])[0].run()


def test_prove_by_game_name_runs_its_proofs_and_its_card_conservation():
    for game, prefix in (("foolery", "foolery."), ("three-fools", "three_fools."), ("three_fools", "three_fools.")):
        names = [p.name for p in registry.select([game])]
        assert any(n.startswith(prefix) for n in names)
        assert f"cross_game.card_conservation[{games.get(game).name}]" in names
        assert not any("solver_reductions" in n for n in names)  # neither declares solver reductions


def test_a_cross_game_proof_for_one_game_is_selected_by_the_name_the_table_shows():
    import pytest

    (one,) = registry.select(["cross_game.card_conservation[three-fools]"])
    assert one.name == "cross_game.card_conservation[three-fools]" and "Three Fools alone" in one.statement
    with pytest.raises(registry.InputError, match="unknown proof"):
        registry.select(["cross_game.solver_reductions_exact[foolery]"])  # Foolery declares no reductions


# --- Foolery: the engine's hand order -----------------------------------------------------------


def test_an_engine_ranking_straights_above_flushes_is_caught(monkeypatch):
    """The engine's generator, its classifier and the compiled one all swap straight and flush:
    the engine agrees with itself, and Z3 finds a pair of hands it orders against the spec."""
    swap = {fe.STRAIGHT: fe.FLUSH, fe.FLUSH: fe.STRAIGHT}

    def swapped(key: int) -> int:
        return swap.get(key >> 4, key >> 4) * 16 + (key & 15)

    real_list, real_combo, real_native = fe.five_card_hands, fe.combo_of, fn._combo
    monkeypatch.setattr(fe, "five_card_hands", lambda hand, wrap: [(swapped(k), m) for k, m in real_list(hand, wrap)])

    def combo(mask, wrap):
        c = real_combo(mask, wrap)
        return c if c is None or c[0] != fe.HAND else (c[0], c[1], swapped(c[2]))

    def native(ms, mt, wrap, scr):
        k, n, key = real_native(ms, mt, wrap, scr)
        return (k, n, swapped(key) if k == fe.HAND else key)

    monkeypatch.setattr(fe, "combo_of", combo)
    monkeypatch.setattr(fn, "_combo", native)
    out = _run("foolery.engine_hand_order_equals_spec")
    assert not out.proved
    assert "the engine says" in out.detail and "the spec" in out.detail
    assert re.search(rf"{CARD}( {CARD}){{4}} against {CARD}( {CARD}){{4}}", out.detail), out.detail


def test_an_engine_classifier_out_of_step_with_its_generator_is_caught(monkeypatch):
    real = fe.combo_of
    monkeypatch.setattr(fe, "combo_of", lambda mask, wrap: (fe.HAND, 5, 1) if mask.bit_count() == 5 else real(mask, wrap))
    out = _run("foolery.engine_hand_order_equals_spec")
    assert not out.proved and "the engine's classifiers differ" in out.detail and "combo_of (1, 5, 1)" in out.detail


def test_an_engine_missing_a_hand_is_caught(monkeypatch):
    real = fe.five_card_hands
    monkeypatch.setattr(fe, "five_card_hands", lambda hand, wrap: [(k, m) for k, m in real(hand, wrap)
                                                                   if k >> 4 != fe.FIVE])
    out = _run("foolery.engine_hand_order_equals_spec")
    assert not out.proved and "the engine does not" in out.detail


# --- Foolery: the spec's hand order ----------------------------------------------------------------


def test_a_comparator_against_the_category_order_is_caught(monkeypatch):
    real = S.compare_hands
    monkeypatch.setattr(S, "compare_hands", lambda a, b, rules: real(b, a, rules))  # the bug: lower beats higher
    out = _run("foolery.hand_order_is_a_total_preorder")
    assert not out.proved and "against the category order" in out.detail and "compare(1, 2) = -1" in out.detail


def test_a_comparator_that_is_not_transitive_is_caught(monkeypatch):
    def cyclic(a, b, rules):  # the bug: straight < flush < full house < straight, the rest as before
        ca, cb = S.classify_hand(a, rules), S.classify_hand(b, rules)
        assert ca is not None and cb is not None
        if ca[0] != cb[0] and ca[0] <= S.FULL_HOUSE and cb[0] <= S.FULL_HOUSE:
            return 1 if (ca[0] - cb[0]) % 3 == 1 else -1
        return (ca > cb) - (ca < cb)

    monkeypatch.setattr(S, "compare_hands", cyclic)
    out = _run("foolery.hand_order_is_a_total_preorder")
    assert not out.proved and "not transitive" in out.detail
    assert out.detail.count("straight") + out.detail.count("flush") + out.detail.count("full house") >= 3


def test_a_classifier_against_the_text_is_caught(monkeypatch):
    real = S.classify_hand

    def pair_decides(cards, rules):  # the bug: a full house decided by its pair
        k = real(cards, rules)
        if k is not None and k[0] == S.FULL_HOUSE:
            return (k[0], next(c.rank for c in cards if c.rank != k[1]))
        return k

    monkeypatch.setattr(S, "classify_hand", pair_decides)
    out = _run("foolery.hand_order_is_a_total_preorder")
    assert not out.proved and "by the text" in out.detail and "full house" in out.detail


# --- Foolery: trumping and the engine's follow relation ---------------------------------------------


def test_a_wrong_trump_count_is_caught(monkeypatch):
    real = S.trumps_needed
    # the bug: two trumps beat a five-card hand
    monkeypatch.setattr(S, "trumps_needed", lambda top, rules: 2 if top.count == 5 else real(top, rules))
    out = _run("foolery.trumping_follows_the_text")
    assert not out.proved and "the spec says" in out.detail and "the text the opposite" in out.detail
    assert re.search(rf"after {CARD}( {CARD}){{4}}", out.detail), out.detail


def test_an_engine_refusing_equal_singles_is_caught(monkeypatch):
    """Both engine move generators drop an equal single: they agree with each other, and Z3
    finds the pair of plays where the engine's relation and the spec's differ."""
    real_moves, real_native = fe.legal_moves, fn._moves

    def equal_single(s, m):
        return s.top is not None and s.top[0] == fe.SET and s.top[1] == 1 and m and fe.combo_of(m, False) == s.top

    monkeypatch.setattr(fe, "legal_moves", lambda s: [m for m in real_moves(s) if not equal_single(s, m)])

    def native(hs, ht, tk, tc, tkey, same, wrap, out_s, out_t, scr):
        n = real_native(hs, ht, tk, tc, tkey, same, wrap, out_s, out_t, scr)
        if tk == fe.SET and tc == 1:
            keep = [(a, b) for a, b in zip(out_s[:n].tolist(), out_t[:n].tolist())
                    if not (b == 0 and a and (a.bit_length() - 1) & 15 == tkey and a.bit_count() == 1)]
            for x, (a, b) in enumerate(keep):
                out_s[x], out_t[x] = a, b
            return len(keep)
        return n

    monkeypatch.setattr(fn, "_moves", native)
    out = _run("foolery.engine_follow_relation_equals_spec")
    assert not out.proved
    assert "the engine says it may not follow, the spec the opposite" in out.detail
    assert re.search(rf": {CARD} after {CARD}: ", out.detail), out.detail


def test_engine_generators_out_of_step_are_caught(monkeypatch):
    monkeypatch.setattr(fe, "_needed", lambda top, same: 1)  # the bug: one trump beats anything (Python only)
    out = _run("foolery.engine_follow_relation_equals_spec")
    assert not out.proved and "Python and compiled move generators disagree" in out.detail


def test_the_play_classes_cover_every_kind_and_the_engine_reads_them():
    classes = fp.play_classes(S.Rules())
    kinds = {c.kind for c in classes}
    assert kinds == {fp.SET, fp.HAND, fp.TRUMPS, fp.FOOL}
    assert len([c for c in classes if c.kind == fp.TRUMPS]) == 21 + 20 + 19
    table = fp.engine_follows(classes[:3], S.Rules())  # singles of ranks 1..3 follow the lower or equal ones
    assert table == [[1, 0, 0], [1, 1, 0], [1, 1, 1]]


# --- Foolery: card conservation ----------------------------------------------------------------------


def test_a_trick_end_that_loses_a_held_card_is_caught(monkeypatch):
    real = S.FoolerySpec.apply

    def leaky(self, state, move):  # the bug: ending a trick also sets aside a card of the next leader's hand
        out = real(self, state, move)
        if state.table and not out.table and not self.is_terminal(out) and len(out.hands[out.to_move]) > 1:
            hands = list(out.hands)
            hands[out.to_move] = hands[out.to_move][1:]
            return dataclasses.replace(out, hands=tuple(hands))
        return out

    monkeypatch.setattr(S.FoolerySpec, "apply", leaky)
    outcome = cross_game.conservation([(games.get("foolery"), fp.CARD_ACCOUNTING)])
    assert not outcome.proved and "which this move may not take out of play" in outcome.detail


def test_a_set_aside_card_coming_back_is_caught(monkeypatch):
    real = S.FoolerySpec.apply

    def back(self, state, move):  # the bug: a pass hands the first set-aside card to the player who passed
        out = real(self, state, move)
        aside = out.discard()
        if isinstance(move, S.Pass) and aside and not self.is_terminal(out):
            hands = list(out.hands)
            hands[state.to_move] = tuple(sorted((*hands[state.to_move], aside[0]), key=lambda c: c.index))
            return dataclasses.replace(out, hands=tuple(hands))
        return out

    monkeypatch.setattr(S.FoolerySpec, "apply", back)
    outcome = cross_game.conservation([(games.get("foolery"), fp.CARD_ACCOUNTING)])
    assert not outcome.proved and "creates" in outcome.detail and "pass" in outcome.detail


def test_a_spec_listing_short_of_the_deck_is_caught(monkeypatch):
    real = S.five_card_hands
    # the bug: the listing forgets the full houses (both sides would then agree without the count)
    monkeypatch.setattr(S, "five_card_hands", lambda hand, rules: [
        h for h in real(hand, rules) if S.classify_hand(h, rules)[0] != S.FULL_HOUSE])
    out = _run("foolery.engine_hand_order_equals_spec")
    assert not out.proved and "the deck holds 22590" in out.detail
    assert fp.deck_hand_count(False) == 22590 and fp.deck_hand_count(True) == 23610
