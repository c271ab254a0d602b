"""The compiled Durak search (solver/durak/compiled.py) against the Python search it ports
(solver/durak/search.py ``Solver``) and against the spec.

* Lockstep: on random stock-empty two-player positions (2-8 cards a side, 36 and 52 cards, a
  trump suit or none, simple and podkidnoy, random rule options and reductions, and positions
  built so that the six-card bout cap binds), searched from a lead and from the middle of a bout
  (defence, throw-in, and throw-ins after a take), the kernel gives the same value for the
  position and for every move, and, with tables large enough to keep every entry, the same node
  count and table size after every call, and stops at the same node under ``max_nodes``.
* Tables far too small (entries replaced all the time) still give exact values.
* Values equal networkx retrograde analysis of the spec's state graph (an independent method).
* ``solve``'s ``jit`` option, its errors, the CLI, ``max_nodes``, progress and Ctrl-C (a real
  Ctrl-C leaves the call only after the kernel thread has ended: CPython 3.11's interrupted
  ``Thread.join`` once let it leave early, see ``JitEndgame._values``).

The first run compiles the kernel (once, 45 CPU seconds; numba caches it on disk).
"""

from __future__ import annotations

import _thread
import contextlib
import dataclasses
import itertools
import json
import os
import random
import signal
import threading
import time

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from foolsolve.cards import FRENCH36, FRENCH52, FRENCH_SUITS
from foolsolve.engines import durak_kernel
from foolsolve.engines.durak import EngineState, from_spec_state, game_result, legal, move_text, play, to_spec_state
from foolsolve.errors import InputError
from foolsolve.solver.base import SearchLimit, SolveOptions
from foolsolve.solver.durak import JIT_MIN_CARDS, LOSS, WIN, Reductions, Solver, search_for, solve
from foolsolve.solver.durak import compiled as durak_jit
from foolsolve.solver.durak import search as durak_solver
from tests.durak.helpers import made
from tests.durak.test_solver_crosscheck import WDL, deck_empty_lead, random_endgame, remap_cards, reorder_ranks, spec_values
from tests.generic.test_cli import assert_one_line_error, run

durak_jit.load(everything=True)  # the tests call kernel helpers (_canon, _lput, ...) directly

BIG = 20
"""Table bits (2**20 rows) for searches that must replace no entry: searches of at most BUDGET
nodes fill a few percent of them, where a full probe window (an entry replaced, and the trees
apart) is vanishingly rare (at 15 % load one was seen)."""
BUDGET = 50_000
"""Nodes the lockstep test searches at most per position (the Python search's 0.2-0.3 s)."""
ROOTS = ("lead", "defend", "throw", "taking")
REDUCTION_NAMES = [f.name for f in dataclasses.fields(Reductions)]


# --- positions ------------------------------------------------------------------------------


def lead_position(rng: random.Random, lo: int, hi: int, most: int = 99) -> dict:
    """A stock-empty lead position (player 0 to attack) with ``lo..hi`` cards a side and at most
    ``most`` in all: a 36- or 52-card deck, a random trump suit or none, simple or podkidnoy and
    random throw-in, draw and bout-limit options (``deck_empty_lead`` of the crosscheck tests)."""
    deck = rng.choice([36, 52])
    cards = list((FRENCH36 if deck == 36 else FRENCH52).cards)
    rng.shuffle(cards)
    na = rng.randint(lo, hi)
    nd = rng.randint(lo, max(lo, min(hi, most - na)))
    pos = deck_empty_lead(rng, rng.choice([*FRENCH_SUITS, None]), cards[:na], cards[na:na + nd])
    pos["rules"]["deck"] = deck
    pos["rules"]["bout_limit"] = rng.choice(["six_then_hand", "six"])
    return pos


def root_kind(s) -> str:
    """Which kind of node the search starts from at the engine state ``s``."""
    if not s.tatt:
        return "lead"
    if s.taking:
        return "taking"
    return "defend" if s.unc else "throw"


def root_position(rng: random.Random, kind: str, lo: int = 2, hi: int = 8, most: int = 99, make=None):
    """``(engine state, position json, moves played)``: a lead position (``lead_position``, or
    ``make(rng)``), or for the other kinds a state of that kind reached by 1-4 random legal moves
    from one (throw-ins need podkidnoy, a take with throw-ins after it throw_in_after_take).
    ``None`` if no walk found one."""
    for _ in range(50):
        pos = make(rng) if make else lead_position(rng, lo, hi, most)
        if kind in ("throw", "taking"):
            pos["rules"]["variant"] = "podkidnoy"
        if kind == "taking":
            pos["rules"]["throw_in_after_take"] = True
        start = from_spec_state(made(pos))
        if kind == "lead":
            return start, pos, []
        for _ in range(20):
            s, played = start, []
            for _ in range(rng.randint(1, 4)):
                if game_result(s) is not None:
                    break
                m = rng.choice(legal(s))
                s = play(s, m)
                played.append(m)
                if root_kind(s) == kind and game_result(s) is None:
                    return s, pos, played
    return None


def random_reductions(rng: random.Random) -> Reductions:
    """All on, all off, or each switch at random."""
    r = rng.random()
    if r < 0.4:
        return Reductions()
    if r < 0.6:
        return Reductions.none()
    return Reductions(**{n: rng.random() < 0.5 for n in REDUCTION_NAMES})


def kernel(s, red: Reductions | None = None, **kw) -> durak_jit.JitEndgame:
    return durak_jit.JitEndgame(s.er, s.trump, red, **kw)


def live_children(s) -> list:
    return [c for c in (play(s, m) for m in legal(s)) if game_result(c) is None]


# --- 1. lockstep with the Python search ----------------------------------------------------


def test_root_positions_reach_every_kind_of_root():
    """The generator of the lockstep tests reaches each kind of root it is asked for (else they
    would silently test leads only)."""
    rng = random.Random(5)
    for kind in ROOTS:
        got = [root_position(rng, kind) for _ in range(20)]
        assert sum(g is not None and root_kind(g[0]) == kind for g in got) >= 18, kind


def assert_lockstep(s, red: Reductions, where, budget: int = BUDGET, value_first: bool = False) -> None:
    """Every move's value, then the root's value (or the other way round: the root's own search
    reads rule options such as the bout cap that the moves' searches may never reach), from one
    kernel and one Python search: equal values, and after each call equal node counts and table
    sizes (the kernel's tables have 32-64 times more rows than the Python search keeps entries,
    so none is replaced). Both stop at the same node, with the same table, when the position
    needs more than ``budget`` nodes (``max_nodes`` also keeps the kernel to one thread, whose
    node count is exact). The kernel as ``solve`` builds it (table sizes for the position, its
    threads) gives the same move values."""
    py = Solver(s.er, s.trump, red, max_nodes=budget)
    calls = ["move_values", "value"][::-1 if value_first else 1]
    steps: list = []  # (result or "limit", nodes, table entries) after each call
    for call in calls:
        try:
            steps.append((getattr(py, call)(s), py.nodes, py.table_entries))
        except SearchLimit:
            steps.append(("limit", py.nodes, py.table_entries))
            break
    bits = min(BIG, max(durak_jit.MIN_BITS, max(e for *_, e in steps).bit_length() + 5))
    jit = kernel(s, red, lead_bits=bits, bout_bits=bits, max_nodes=budget)
    for call, (want, nodes, entries) in zip(calls, steps):
        if want == "limit":
            with pytest.raises(SearchLimit):
                getattr(jit, call)(s)
            assert (jit.nodes, jit.table_entries) == (budget + 1, entries) and nodes == budget + 1, where
        else:
            assert getattr(jit, call)(s) == want, where
            assert (jit.nodes, jit.table_entries) == (nodes, entries), where
    moves = [want for call, (want, *_) in zip(calls, steps) if call == "move_values"]
    if moves and moves[0] != "limit":
        assert search_for(s, red, None, True).move_values(s) == moves[0], where


@given(st.integers(0, 2**32), st.sampled_from(ROOTS))
def test_kernel_searches_the_python_tree_node_for_node(seed, kind):
    """Lockstep (``assert_lockstep``) from leads and from inside bouts of random positions."""
    rng = random.Random(seed)
    got = root_position(rng, kind)
    assert got is not None
    s, pos, played = got
    red = random_reductions(rng)
    assert_lockstep(s, red, (pos, [move_text(m) for m in played], red), value_first=rng.random() < 0.5)


@given(st.integers(0, 2**32), st.sampled_from(ROOTS), st.sampled_from([(-1, 0), (0, 1), (-1, 1), (0, 0)]),
       st.sampled_from([None, -1, 1]))
def test_kernel_follows_the_python_tree_for_ranged_values_and_known_move_values(seed, kind, rng_range, guess):
    """The ranged drivers in lockstep: ``value(s, lo, hi, guess)`` (a range of one question, of
    two, of none), then ``move_values(s, known)`` with the position's exact value: equal answers,
    node counts and table sizes after each call (one kernel thread, as in ``assert_lockstep``)."""
    rng = random.Random(seed)
    got = root_position(rng, kind, hi=7)
    assert got is not None
    s, pos, played = got
    red = random_reductions(rng)
    lo, hi = rng_range
    where = (pos, [move_text(m) for m in played], red, rng_range, guess)
    py = Solver(s.er, s.trump, red, max_nodes=BUDGET)
    try:
        steps = [py.value(s, lo, hi, guess)]
        n1, e1 = py.nodes, py.table_entries
        known = py.value(s)
        steps.append(py.move_values(s, known))
    except SearchLimit:
        return  # the plain lockstep tests cover stopping at the node limit
    bits = min(BIG, max(durak_jit.MIN_BITS, py.table_entries.bit_length() + 5))
    jit = kernel(s, red, lead_bits=bits, bout_bits=bits, max_nodes=BUDGET)
    assert jit.value(s, lo, hi, guess) == steps[0], where
    assert (jit.nodes, jit.table_entries) == (n1, e1), where
    assert jit.value(s) == known and jit.move_values(s, known) == steps[1], where
    assert (jit.nodes, jit.table_entries) == (py.nodes, py.table_entries), where
    assert steps[1] == Solver(s.er, s.trump, red).move_values(s), where


def capped_position(rng: random.Random) -> dict:
    """A podkidnoy lead where the bout cap can bind (random hands of 8 cards or fewer almost never
    let a bout reach 7 attack cards): the attacker holds all four cards of one rank and 2-3 of
    another, the defender the rest of that rank and 6-7 other cards, so the attacker can throw
    in his second rank once the defender covers with it; ``bout_limit`` at random."""
    cards = list(FRENCH36.cards)
    rng.shuffle(cards)
    r1, r2 = rng.sample(sorted({c.rank for c in cards}), 2)
    a = [c for c in cards if c.rank == r1] + [c for c in cards if c.rank == r2][:rng.randint(2, 3)]
    d = [c for c in cards if c.rank == r2 and c not in a] + [c for c in cards if c.rank not in (r1, r2)][:rng.randint(6, 7)]
    rules = {"variant": "podkidnoy", "bout_limit": rng.choice(["six", "six_then_hand"]),
             "throw_in_after_take": rng.random() < 0.7, "draw_outcome": rng.choice(["draw", "last_defender_loses"])}
    return {"game": "durak", "rules": rules, "trump": rng.choice([*FRENCH_SUITS, None]),
            "hands": [[c.ascii for c in a], [c.ascii for c in d]], "stock": [],
            "attacker": 0, "defender": 1, "table": [], "to_move": 0}


@given(st.integers(0, 2**32), st.sampled_from(ROOTS))
def test_kernel_follows_the_python_tree_where_the_bout_cap_binds(seed, kind):
    """Lockstep on positions where ``bout_limit`` matters (``capped_position``; 13-15 cards, so a
    smaller node budget)."""
    rng = random.Random(seed)
    got = root_position(rng, kind, make=capped_position)
    assert got is not None
    s, pos, played = got
    red = random_reductions(rng)
    assert_lockstep(s, red, (pos, [move_text(m) for m in played], red), budget=BUDGET // 3,
                    value_first=rng.random() < 0.5)


def test_bout_limit_six_changes_the_tree_and_the_kernel_follows():
    """A position where ``bout_limit: six`` changes the Python search's tree (a 7th attack card
    is searched only without it): the kernel's tree is the Python one under either option."""
    pos = {"game": "durak", "rules": {"variant": "podkidnoy", "throw_in_after_take": True}, "trump": "H",
           "hands": [["9D", "9S", "9C", "9H", "AD", "AS", "AC"], ["AH", "8D", "7H", "8H", "JC", "KS", "KD", "QC"]],
           "stock": [], "attacker": 0, "defender": 1, "table": [], "to_move": 0}
    nodes = {}
    for limit in ("six", "six_then_hand"):
        s = from_spec_state(made({**pos, "rules": {**pos["rules"], "bout_limit": limit}}))
        for value_first in (False, True):
            assert_lockstep(s, Reductions(), limit, value_first=value_first)
        py = Solver(s.er, s.trump)
        py.value(s)
        nodes[limit] = py.nodes
    assert nodes["six"] != nodes["six_then_hand"]


# --- 2. tables far too small ------------------------------------------------------------------


def python_values(py: Solver, states: list) -> list[int] | None:
    """``py.value`` of each state in turn, or ``None`` past the Python search's node limit."""
    try:
        return [py.value(x) for x in states]
    except SearchLimit:
        return None


def kernel_values(jit: durak_jit.JitEndgame, states: list) -> list[int]:
    """``jit.value`` of each state in turn, as far as its node limit allows."""
    out = []
    for x in states:
        try:
            out.append(jit.value(x))
        except SearchLimit:
            break
    return out


# Tables far too small can make a search many orders of magnitude larger (a 13-card position of
# 3,580 nodes needs over 10**8 with 2**11-row tables, and 3,580 again with 2**12), so the kernel
# runs under a node limit and its values are compared as far as it gets.
GUARD = 50
"""The kernel's node limit with tiny tables: this many times the Python search's nodes (plus 50,000)."""


@given(st.integers(0, 2**32), st.sampled_from(ROOTS),
       st.sampled_from([(durak_jit.MIN_BITS, durak_jit.MIN_BITS), (1, BIG), (BIG, 1), (3, 3)]))
def test_tables_too_small_for_the_search_keep_every_value_exact(seed, kind, bits):
    """Tiny lead and/or bout tables (``2**bits`` rows, at least as many entries replaced as the
    Python search keeps beyond them): the value of the root and of each move's child in turn
    equal the Python search's."""
    rng = random.Random(seed)
    got = root_position(rng, kind, 5, 8, 14)
    assert got is not None
    s, pos, played = got
    red = random_reductions(rng)
    states = [s, *live_children(s)]
    py = Solver(s.er, s.trump, red, max_nodes=BUDGET)
    want = python_values(py, states)
    if want is None:
        return
    lead_bits, bout_bits = bits
    jit = kernel(s, red, lead_bits=lead_bits, bout_bits=bout_bits, max_nodes=GUARD * py.nodes + 50_000)
    values = kernel_values(jit, states)
    assert values == want[:len(values)], (pos, [move_text(m) for m in played], red, bits)
    if len(values) == len(states) and py.table_entries > (1 << lead_bits) + (1 << bout_bits):
        assert jit.table_entries < py.table_entries  # entries were replaced (table_entries counts rows)


def test_minimum_tables_overflow_and_stay_exact():
    """The smallest lead and bout tables (MIN_BITS rows) on positions whose Python search
    keeps several times more entries: entries are replaced and the kernel searches a different
    tree (more nodes), and every value is still the Python search's."""
    rng = random.Random(11)
    bits = durak_jit.MIN_BITS
    rows = 2 << bits
    checked = 0
    for _ in range(200):
        s, pos, _ = root_position(rng, "lead", 7, 8, 15)
        red = random_reductions(rng)
        py = Solver(s.er, s.trump, red, max_nodes=4 * BUDGET)
        states = [s, *live_children(s)]
        want = python_values(py, states)
        if want is None or py.table_entries < 3 * rows:
            continue
        jit = kernel(s, red, lead_bits=bits, bout_bits=bits, max_nodes=GUARD * py.nodes)
        values = kernel_values(jit, states)
        assert values == want[:len(values)], (pos, red)
        if len(values) == len(states):
            assert jit.table_entries <= rows < py.table_entries and jit.nodes != py.nodes, (pos, red)
            checked += 1
            if checked == 4:
                return
    raise AssertionError(f"only {checked} positions overflowed the tables and finished")


# --- 3. an independent method: retrograde analysis of the spec -------------------------------


def small_kernel_position(rng: random.Random) -> dict:
    """A small position the kernel covers: ``random_endgame`` of the crosscheck tests (at most 6
    cards of 36, either player to attack) without its stock card and with perevodnoy made simple
    or podkidnoy, or a lead with 1-3 cards a side of a 36- or 52-card deck."""
    if rng.random() < 0.5:
        return lead_position(rng, 1, 3)
    pos = random_endgame(rng.randrange(10**9))
    pos["stock"] = []
    if pos["rules"]["variant"] == "perevodnoy":
        pos["rules"] = {k: v for k, v in pos["rules"].items() if not k.startswith("transfer")}
        pos["rules"]["variant"] = rng.choice(["simple", "podkidnoy"])
    return pos


@settings(max_examples=max(100, settings.default.max_examples))
@given(st.integers(0, 2**32), st.sampled_from(ROOTS))
def test_kernel_values_equal_retrograde_analysis_of_the_spec(seed, kind):
    """``solve`` with ``jit=true`` on small positions, from a lead or a few random moves into the
    game (a defence, a throw-in, throw-ins after a take): the value and every move's value equal
    retrograde analysis of the spec's graph, reductions on, off or mixed; ``moves=false`` (the
    kernel's ``value`` at the root) gives the same value."""
    rng = random.Random(seed)
    got = root_position(rng, kind, make=small_kernel_position)
    assume(got is not None)  # a throw-in or a take is rare with 1-3 cards a side
    s, pos, played = got
    state = to_spec_state(s)
    red = random_reductions(rng)
    want, want_moves = spec_values(state)
    where = (pos, [move_text(m) for m in played], red)
    assert isinstance(search_for(s, red, None, True), durak_jit.JitEndgame)
    res = solve(state, SolveOptions(extra={"jit": True, "reductions": red}))
    assert (res.value, {m.move: m.value for m in res.moves}) == (want, want_moves), where
    assert set(res.best) == {m for m, v in want_moves.items() if v == want}
    only = solve(state, SolveOptions(extra={"jit": True, "moves": False, "reductions": red}))
    assert only.value == want, where


# A throw-in root (podkidnoy, no trump, 36 cards): the attacker holds 7♥ 9♥ Q♥ A♠, the defender
# 9♣ 10♥, 7♣ covered by Q♣ on the table. By retrograde analysis of the spec, "throw Q♥" wins for
# the attacker (the defender must take it, and 7♥ follows).
WARM_ROOT = {"game": "durak", "rules": {"variant": "podkidnoy", "throw_in_after_take": True, "draw_outcome": "draw",
                                        "bout_limit": "six_then_hand"}, "trump": None,
             "hands": [["7H", "9H", "QH", "AS"], ["9C", "10H"]], "stock": [], "attacker": 0, "defender": 1,
             "table": [["7C", "QC"]], "to_move": 0}


@pytest.mark.parametrize("search", ["python", "kernel"])
def test_a_root_searched_first_leaves_move_values_exact(search):
    """After ``value`` of a position, ``move_values`` of the same position on the same search are
    still the spec's, every reduction off. Before a fix, a defence node with the window
    (-2, -1) searched its take with (1, 2), and the one-at-a-time throw-in node cut on "alpha >= WIN"
    after the pass alone, so "throw Q♥" came out -1."""
    state = made(WARM_ROOT)
    s = from_spec_state(state)
    red = Reductions.none()
    want, want_moves = spec_values(state)
    assert (want, want_moves["throw Q♥"]) == ("win", "win")
    assert solve(state, SolveOptions(extra={"jit": search == "kernel", "reductions": red})).value == want
    # the kernel under max_nodes: one thread, so every move's search sees the root's bout entries
    eg = Solver(s.er, s.trump, red) if search == "python" else kernel(s, red, max_nodes=10**9)
    assert WDL[eg.value(s)] == want
    assert {move_text(m): WDL[v] for m, v in eg.move_values(s)} == want_moves


# --- 4. Bonnet's no-trump example ------------------------------------------------------------


@pytest.mark.parametrize("variant", ["simple", "podkidnoy"])
def test_bonnet_no_trump_example_through_the_kernel(variant):
    """Bonnet's generalised two-player form: P holds 10♥ 10♠ K♦, O holds Q♥ Q♠ J♣, no trump, P
    to attack: P wins, only by leading K♦ (jit=true: the kernel, not the Python search)."""
    pos = {"game": "durak", "rules": {"variant": variant}, "trump": None,
           "hands": [["10H", "10S", "KD"], ["QH", "QS", "JC"]],
           "stock": [], "attacker": 0, "defender": 1, "table": [], "to_move": 0}
    state = made(pos)
    assert isinstance(search_for(from_spec_state(state), None, None, True), durak_jit.JitEndgame)
    res = solve(state, SolveOptions(extra={"jit": True}))
    assert res.value == "win" and res.best == ["attack K♦"] and res.nodes > 0
    assert [m.value for m in res.moves if m.move != "attack K♦"] == ["loss"] * (len(res.moves) - 1)


# --- 5. solve's jit option and the CLI -------------------------------------------------------

# 14 cards; the Python search solves it with every move and a principal variation in 0.1-0.2 s.
# Every move value occurs.
JIT_SIZED = {"game": "durak", "rules": {"variant": "podkidnoy", "bout_limit": "six_then_hand"}, "trump": "C",
             "hands": [["AD", "8H", "10H", "6S", "AC", "KC", "9S"], ["9C", "6C", "JC", "6H", "KD", "10S", "QD"]],
             "stock": [], "attacker": 0, "defender": 1, "table": [], "to_move": 0}


def without_counts(res) -> dict:
    out = res.to_json()
    del out["nodes"], out["seconds"]
    return out


@pytest.mark.parametrize("where", ["hands", "table"])
def test_auto_picks_the_kernel_from_jit_min_cards(where):
    """``jit=auto``: the kernel from JIT_MIN_CARDS cards in the hands and on the table, the Python
    search below; ``jit=true`` the kernel, ``jit=false`` the Python search, at any size."""
    cards = list(FRENCH36.cards)
    random.Random(3).shuffle(cards)
    for n, want in ((JIT_MIN_CARDS, durak_jit.JitEndgame), (JIT_MIN_CARDS - 1, Solver)):
        hands = [[c.ascii for c in cards[:n // 2]], [c.ascii for c in cards[n // 2:n]]]
        pos = {**JIT_SIZED, "hands": hands}
        state = from_spec_state(made(pos))
        if where == "table":  # the first card led: now on the table
            state = play(state, legal(state)[0])
            assert root_kind(state) == "defend"
        assert type(search_for(state, None, None, "auto")) is want, n
        assert type(search_for(state, None, None, True)) is durak_jit.JitEndgame
        assert type(search_for(state, None, None, False)) is Solver


@pytest.mark.parametrize("pv", [True, False])
def test_jit_true_false_and_auto_give_the_same_result(pv, monkeypatch):
    """The whole result (value, every move, best moves, principal variation, notes) is the same
    whichever search runs (auto with JIT_MIN_CARDS at this position's 14 cards: the kernel);
    only the node count and time may differ."""
    monkeypatch.setattr(durak_solver, "JIT_MIN_CARDS", 14)
    state = made(JIT_SIZED)
    assert type(search_for(from_spec_state(state), None, None, "auto")) is durak_jit.JitEndgame
    results = [without_counts(solve(state, SolveOptions(extra={"jit": jit, "pv": pv})))
               for jit in (False, True, "auto")]
    assert results[0] == results[1] == results[2]
    assert {m["value"] for m in results[0]["moves"]} == {"win", "draw", "loss"}
    assert bool(results[0]["pv"]) == pv


def not_for_the_kernel() -> list[tuple[str, dict]]:
    return [("perevodnoy", {**JIT_SIZED, "rules": {"variant": "perevodnoy"}}),
            ("stock card", {**JIT_SIZED, "hands": [[c for c in JIT_SIZED["hands"][0] if c != "AC"], JIT_SIZED["hands"][1]],
                            "stock": ["AC"]}),
            ("first bout", {**JIT_SIZED, "first_bout": True})]


@pytest.mark.parametrize("why, pos", not_for_the_kernel(), ids=lambda x: x if isinstance(x, str) else "")
def test_jit_true_where_the_kernel_does_not_apply_is_an_input_error(why, pos, tmp_path, capsys):
    state = made(pos)
    assert not durak_jit.supports(from_spec_state(state))
    with pytest.raises(InputError, match="option jit: the compiled search does not apply"):
        solve(state, SolveOptions(extra={"jit": True}))
    # auto and false fall back to the Python search (the perevodnoy one is slow: value alone)
    quick = {"moves": False, "pv": False}
    assert solve(state, SolveOptions(extra={**quick, "jit": "auto"})).value == \
        solve(state, SolveOptions(extra={**quick, "jit": False})).value
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(pos))
    code, out, err = run([str(path), "-o", "jit=true", "--json"], capsys)
    if why == "first bout":  # seven cards a hand in a first bout: set up by hand, no position file
        assert_one_line_error(code, err, "first bout")
    else:
        assert_one_line_error(code, err, "option jit", "does not apply")
    assert out == ""


@pytest.mark.parametrize("value", ["maybe", "yes", None, "true", [True]])
def test_jit_must_be_true_false_or_auto(value):
    state = made(JIT_SIZED)
    with pytest.raises(InputError, match="option jit: expected true, false or auto"):
        solve(state, SolveOptions(extra={"jit": value}))


@pytest.mark.parametrize("value", [0, 1])
def test_jit_numbers_are_input_errors_like_other_switches(value):
    """``-o pv=1`` or ``-o moves=0`` is an input error (``bool_option``); ``-o jit=1`` must be too
    (``1 in (True, False, "auto")`` holds in Python: 0 and 1 once passed as a silent auto)."""
    first_bout = made({**JIT_SIZED, "first_bout": True})
    with pytest.raises(InputError, match="option jit"):
        solve(first_bout, SolveOptions(extra={"jit": value, "moves": False, "pv": False}))


def test_cli_jit_option(tmp_path, capsys):
    """``-o jit=true|false|auto`` on the command line: the same JSON but for nodes and seconds;
    ``-o jit=maybe`` is a one-line error."""
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(JIT_SIZED))
    outs = []
    for opt in ("jit=true", "jit=false", "jit=auto"):
        code, out, err = run([str(path), "-o", opt, "-o", "pv=false", "--json"], capsys)
        assert code == 0, err
        obj = json.loads(out)
        assert obj["nodes"] > 0
        del obj["nodes"], obj["seconds"]
        outs.append(obj)
    assert outs[0] == outs[1] == outs[2] and outs[0]["value"] == "win"
    code, _, err = run([str(path), "-o", "jit=maybe"], capsys)
    assert_one_line_error(code, err, "option jit", "maybe")


# --- 6. max_nodes ------------------------------------------------------------------------------


@given(st.integers(0, 2**32), st.sampled_from(ROOTS), st.floats(0, 1.2))
def test_node_limit_stops_both_searches_at_the_same_node(seed, kind, frac):
    """``max_nodes`` at a random fraction of what the position's moves need: the kernel raises
    SearchLimit exactly when the Python search does, with the same node count (``max_nodes + 1``:
    the node over the limit), and otherwise gives the same values with the same node count."""
    rng = random.Random(seed)
    got = root_position(rng, kind, 2, 6)
    assert got is not None
    s, pos, _ = got
    red = random_reductions(rng)
    need = Solver(s.er, s.trump, red)
    need.move_values(s)
    limit = max(1, int(need.nodes * frac))
    py = Solver(s.er, s.trump, red, max_nodes=limit)
    jit = kernel(s, red, lead_bits=BIG, bout_bits=BIG, max_nodes=limit)
    try:
        want = py.move_values(s)
    except SearchLimit:
        assert limit < need.nodes
        with pytest.raises(SearchLimit):
            jit.move_values(s)
        assert jit.nodes == py.nodes == limit + 1, (pos, red, limit)
    else:
        assert limit >= need.nodes
        assert jit.move_values(s) == want and jit.nodes == py.nodes == need.nodes, (pos, red, limit)


def test_max_nodes_through_solve_is_exact_with_the_kernel():
    """``solve`` with jit=true and ``max_nodes`` (one kernel thread): the kernel's node count is
    just enough, one node less raises SearchLimit. (With the tables ``solve`` gives it, that count
    need not be the Python search's: here the 2**13-row bout table replaced entries, 27,427 nodes
    against 27,412, when this test was written.)"""
    state = made(JIT_SIZED)
    need = solve(state, SolveOptions(extra={"jit": True, "pv": False}, max_nodes=10**12)).nodes
    assert need > 1
    assert solve(state, SolveOptions(extra={"jit": True, "pv": False}, max_nodes=need)).nodes == need
    with pytest.raises(SearchLimit):
        solve(state, SolveOptions(extra={"jit": True, "pv": False}, max_nodes=need - 1))


def resident_mib() -> int:
    """This process's resident memory (Linux: /proc/self/statm), MiB."""
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 2**20


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="resident memory read from /proc (Linux)")
def test_searches_stopped_by_the_node_limit_give_their_memory_back():
    """Twelve searches in a row, each stopped by its node limit (an exception raised inside the
    kernel), each with a 2**23-row lead table it fills at random (256 MiB of 2 MiB pages): the
    process keeps no more than about two of them. Before a fix it kept all twelve (numba
    leaks a reference to every array argument of a compiled call that ends in an exception, and
    the worker's exception list made a reference cycle with the search), and a long test run was
    killed for memory."""
    state = made(JIT_SIZED)
    s = from_spec_state(state)
    before = resident_mib()
    for _ in range(12):
        eg = kernel(s, max_nodes=20_000, lead_bits=23)
        with pytest.raises(SearchLimit):
            eg.move_values(s)
        del eg
    assert resident_mib() - before < 700


# --- 7. progress and Ctrl-C --------------------------------------------------------------------

# 9v9, no trump, simple: about 2.1 M nodes, 1 s in the kernel (value -1: both searches, the
# Python one in 14 s, with 2,088,630 nodes each when no table entry is replaced).
LONG = {"game": "durak", "rules": {"variant": "simple", "deck": 36, "bout_limit": "six"}, "trump": None,
        "hands": [["KS", "AS", "8C", "6D", "QH", "7C", "9H", "AH", "7D"],
                  ["AD", "8D", "10H", "8S", "JC", "6H", "6S", "QS", "AC"]],
        "stock": [], "attacker": 0, "defender": 1, "table": [], "to_move": 0}
LONG_VALUE = -1
# 10v10, LONG's rules: over 8 M nodes, several seconds in the kernel (never finished here).
HUGE = {**LONG, "hands": [["6C", "7H", "JD", "9H", "10H", "AD", "QS", "9S", "KC", "JC"],
                          ["7D", "10D", "AS", "7C", "7S", "JH", "AC", "9C", "8H", "6S"]]}


def kernel_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith("foolsolve-durak-jit")]


def assert_stopped(eg: durak_jit.JitEndgame) -> None:
    """The kernel thread of the interrupted call ends (waited for up to 10 s: a loaded machine may be
    slow to run it to its next node), and the node count stays put."""
    deadline = time.monotonic() + 10.0
    while kernel_threads() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert kernel_threads() == []
    n = eg.nodes
    time.sleep(0.1)
    assert eg.nodes == n > 0


@contextlib.contextmanager
def sigint_default():
    """Python's own SIGINT handler (KeyboardInterrupt) while the block runs: a test run in the
    background of a shell ignores SIGINT, and ``_thread.interrupt_main`` then does nothing."""
    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)


def ctrl_c_during(eg: durak_jit.JitEndgame, s, delay: float, call: str = "value") -> float:
    """Search ``s`` (``eg.value``, or ``eg.move_values``) and press Ctrl-C
    (``_thread.interrupt_main``: what the SIGINT handler does) ``delay`` seconds in; the search
    must still be running then. Returns the seconds from the key press to the KeyboardInterrupt
    reaching this thread."""
    fired: list[float] = []
    timer = threading.Timer(delay, lambda: (fired.append(time.monotonic()), _thread.interrupt_main()))
    finished = False
    with sigint_default(), pytest.raises(KeyboardInterrupt):
        timer.start()
        try:
            getattr(eg, call)(s)
            finished = True
            time.sleep(2)  # a late interrupt lands here, not in the next test
        finally:
            timer.cancel()
    assert not finished
    return time.monotonic() - fired[0]


PROMPTLY = 5.0
"""Seconds within which Ctrl-C stops a search of HUGE (which runs on for many seconds unstopped): the
main thread looks every POLL seconds, the kernel at its next node, and a loaded 2-core machine may
keep either waiting for a core for a good part of a second."""


def test_progress_reports_rising_node_counts():
    """On a 1 s solve the progress callback is called (every 0.2 s or so) with rising node
    counts, none above the final count."""
    s = from_spec_state(made(LONG))
    seen: list[int] = []
    eg = kernel(s, progress=seen.append, cards=18)
    t0 = time.monotonic()
    assert eg.value(s) == LONG_VALUE
    assert time.monotonic() - t0 > 0.3
    assert len(seen) >= 1 and all(a < b for a, b in itertools.pairwise(seen)) and 0 < seen[0] and seen[-1] <= eg.nodes


def test_ctrl_c_stops_the_kernel_promptly_and_the_search_stays_usable(monkeypatch):
    """A KeyboardInterrupt in the calling thread while the kernel runs (raised by the progress
    callback, or delivered like Ctrl-C by ``_thread.interrupt_main`` from a timer) propagates at
    once and stops the kernel. The same search then still gives exact values, with a move stack
    only just large enough (LONG needs 11,500-12,000 slots), so stack space the interrupted
    searches left behind would overflow it."""
    monkeypatch.setattr(durak_jit, "STACK", 16_384)
    huge = from_spec_state(made(HUGE))

    def interrupt(n: int) -> None:
        raise KeyboardInterrupt

    eg = kernel(huge, cards=20)
    for delay in (None, 0.15, None, 0.3):
        if delay is None:  # the progress callback raises: it runs after about 0.2 s
            eg.progress = interrupt
            t0 = time.monotonic()
            with pytest.raises(KeyboardInterrupt):
                eg.value(huge)
            assert time.monotonic() - t0 < PROMPTLY
        else:
            eg.progress = None
            assert ctrl_c_during(eg, huge, delay) < PROMPTLY
        assert_stopped(eg)
    eg.progress = None
    s = from_spec_state(made(LONG))
    assert (s.er, s.trump) == (huge.er, huge.trump)
    assert eg.value(s) == LONG_VALUE
    small = {**LONG, "hands": [h[:4] for h in LONG["hands"]]}
    t = from_spec_state(made(small))
    assert eg.move_values(t) == Solver(t.er, t.trump).move_values(t)


def test_ctrl_c_returns_only_after_the_kernel_thread_has_ended():
    """A real Ctrl-C (the SIGINT handler raising KeyboardInterrupt in the main thread while it
    waits for the kernel) leaves the search call only once its kernel thread has ended."""
    s = from_spec_state(made(HUGE))
    ctrl_c_during(kernel(s, cards=20), s, 0.1)
    assert kernel_threads() == []


def test_a_full_probe_window_of_the_lead_table_gives_up_its_cheapest_entry():
    """The lead table is a cache: when a position's whole probe window is taken, the new entry
    replaces the one whose search cost the fewest nodes (its ``work``), not a fixed row. With 8
    rows every key's window is the whole table (a ninth row holds the table's counter)."""
    lt = np.zeros((durak_jit.PROBES + 1, 2), np.int64)
    works = [7, 3, 12, 9, 1, 15, 4, 6]
    keys = [(1 << 20 | i << 2, 1 << 30 | i << 2) for i in range(durak_jit.PROBES)]
    for (a, d), w in zip(keys, works):
        durak_jit._lput(lt, a, d, -1, 1, 0, w)
    assert all(durak_jit._lget(lt, a, d) for a, d in keys)
    durak_jit._lput(lt, 5 << 2, 6 << 2, 1, 1, 0, 8)  # a ninth position: the entry of work 1 goes
    kept = [durak_jit._lget(lt, a, d) != 0 for a, d in keys]
    assert kept == [w != 1 for w in works]
    assert durak_jit._bounds(durak_jit._lget(lt, 5 << 2, 6 << 2)) == (1, 1)
    durak_jit._lput(lt, 7 << 2, 8 << 2, 0, 0, 0, 0)  # next the one of work 3
    assert [durak_jit._lget(lt, a, d) != 0 for a, d in keys] == [w not in (1, 3) for w in works]
    assert durak_jit._bounds(durak_jit._lget(lt, 7 << 2, 8 << 2)) == (0, 0)


def rename_suits(pos: dict, rng: random.Random) -> dict:
    """``pos`` with its plain suits (all four without a trump) renamed at random."""
    plain = [s for s in FRENCH_SUITS if s != pos["trump"]]
    new = dict(zip(plain, rng.sample(plain, len(plain))))
    return remap_cards(pos, lambda suit, rank: (new.get(suit, suit), rank))


def test_compiled_canonical_form_is_the_python_searchs():
    """The compiled search's lead key (durak_jit._canon, with its own column step _columns) is the
    Python search's canonical form of the same lead position, for every reduction setting that
    shapes it, with and without a trump, on hands of every size up to nine cards."""
    rng = random.Random(10)
    for i in range(600):
        cards = list(FRENCH36.cards if i % 3 else FRENCH52.cards)
        rng.shuffle(cards)
        na, nd = rng.randint(1, 9), rng.randint(1, 9)
        pos = {"game": "durak", "rules": {"variant": "podkidnoy", "deck": 36 if i % 3 else 52},
               "trump": rng.choice([*FRENCH_SUITS, None]),
               "hands": [[c.ascii for c in cards[:na]], [c.ascii for c in cards[na:na + nd]]], "stock": [],
               "attacker": 0, "defender": 1, "table": [], "to_move": 0}
        s = from_spec_state(made(pos))
        for red in (Reductions(), dataclasses.replace(Reductions(), rank_order=False)):
            want = Solver(s.er, s.trump, red)._canon(s.hands[0], s.hands[1])
            got = durak_jit._canon(s.hands[0], s.hands[1], durak_jit._cfg(s.er, s.trump, red))
            assert got == want, (pos, red.rank_order)


def test_the_compiled_rules_are_the_kernels():
    """The rule functions the compiled search compiles (``_bout_cap``, ``_lead_heads``,
    ``_cover_cards``, ``_throw_cards``, ``_two_player_end``, ``_throw_ins_open``, ``_next_leader``) give what
    engines/durak_kernel.py gives, on random card masks and counts (tests/durak/test_kernel.py
    holds the kernel to the spec)."""
    for x, y, z in itertools.product((0, 1), repeat=3):
        assert durak_jit._throw_ins_open(x, y, z) == durak_kernel.throw_ins_open(x, y, z)
        assert durak_jit._next_leader(x, y) == durak_kernel.next_leader(x, y)
    rng = random.Random(11)
    cards = [c.index for c in FRENCH52.cards]
    for _ in range(500):
        a, t = (sum(1 << c for c in rng.sample(cards, rng.randint(0, 12))) for _ in range(2))
        n, limit = rng.randint(0, 20), rng.choice([5, 6, 99])
        assert durak_jit._bout_cap(n, limit) == durak_kernel.bout_cap(n, limit)
        assert durak_jit._lead_heads(a, n) == durak_kernel.lead_heads(a, n)
        assert durak_jit._throw_cards(a, t) == durak_kernel.throw_cards(a, t)
        assert durak_jit._cover_cards(a, t) == durak_kernel.cover_cards(a, t)
        for x, y, last in itertools.product((0, a | 1), (0, t | 1), (0, 1)):
            assert durak_jit._two_player_end(x, y, last) == durak_kernel.two_player_end(x, y, last)


def test_every_kernel_function_compiles_with_numba_and_gives_the_same_answers():
    """engines/durak_kernel.py is written for numba too (plain integer code, no calls): every one of
    its functions, as the one compiled kernel (engines/durak_kernel_compiled.py) compiles it for its
    signature, agrees with the plain function, also those the compiled search does not call (its
    positions have two players, no stock, no transfers)."""
    from foolsolve.engines.durak_kernel_compiled import SIGNATURES, compiled
    from tests.durak.test_kernel import SEATINGS

    jit = {name: compiled(name) for name in SIGNATURES}
    for n, gone, a, d in SEATINGS[::7]:
        for nb in (0, 1):
            assert jit["thrower_order"](a, d, n, gone, nb) == durak_kernel.thrower_order(a, d, n, gone, nb)
            assert jit["transfer_attacker"](a, d, (d + 1) % n, nb) == durak_kernel.transfer_attacker(a, d, (d + 1) % n, nb)
            assert jit["fool"](n, gone, d, nb) == durak_kernel.fool(n, gone, d, nb)
            order = durak_kernel.thrower_order(a, d, n, gone, nb)
            assert jit["throwers_after"](order, a, nb) == durak_kernel.throwers_after(order, a, nb)
        assert jit["draw_order"](a, d, n, gone) == durak_kernel.draw_order(a, d, n, gone)
        assert jit["next_seat"](a, n, gone) == durak_kernel.next_seat(a, n, gone)
        assert jit["goes_out"](gone, a, n & 1) == durak_kernel.goes_out(gone, a, n & 1)
    for held, left in itertools.product(range(9), range(9)):
        assert jit["refill"](held, left) == durak_kernel.refill(held, left)
    rng = random.Random(12)
    cards = [c.index for c in FRENCH52.cards]
    for flags in itertools.product((0, 1), repeat=6):
        assert jit["bout_limit"](*flags[:2], 5, *flags[2:5]) == durak_kernel.bout_limit(*flags[:2], 5, *flags[2:5])
        h, t, tr = (sum(1 << c for c in rng.sample(cards, rng.randint(0, 12))) for _ in range(3))
        for tab in (t, t & durak_kernel.SUIT0 << 16 * rng.randrange(4)):
            args = (h, tab, flags[0], flags[1], flags[2], flags[3], tab & tr if flags[4] else 0, tr if flags[5] else 0)
            assert jit["transfer_cards"](*args) == durak_kernel.transfer_cards(*args)
        assert jit["show_cards"](h, t, tr) == durak_kernel.show_cards(h, t, tr)
        same = durak_kernel.transfer_cards(h, t & durak_kernel.SUIT0 << 16 * rng.randrange(4), 0, 0, 0, 0, 0, 0)
        for room, i in itertools.product(range(-1, 5), range(16)):
            assert jit["transfer_set"](same, room, i) == durak_kernel.transfer_set(same, room, i)
        assert jit["cover_cards"](h, t) == durak_kernel.cover_cards(h, t)
    for held, attacks, limit in itertools.product(range(8), range(8), (5, 6, 99)):
        assert jit["transfer_room"](held, attacks, limit) == durak_kernel.transfer_room(held, attacks, limit)
        assert jit["transfer_count"](held, attacks) == durak_kernel.transfer_count(held, attacks)
        assert jit["show_fits"](held, attacks, limit) == durak_kernel.show_fits(held, attacks, limit)


def test_isomorphic_lead_positions_get_one_canonical_form():
    """canonical with rank_order is a canonical form: lead positions that differ by a renaming of
    the plain suits and a reordering of whole ranks that keeps each suit's order (so the same
    game, see rank_order in docs/durak-solver.md) get the same table key in the compiled search; the
    form without rank_order (ranks squeezed, suits sorted) tells many of them apart."""
    rng = random.Random(2026)
    apart = 0
    for _ in range(300):
        cards = list(FRENCH36.cards)
        rng.shuffle(cards)
        na, nd = rng.randint(2, 9), rng.randint(1, 9)
        pos = {"game": "durak", "rules": {"variant": "podkidnoy"}, "trump": rng.choice([*FRENCH_SUITS, None]),
               "hands": [[c.ascii for c in cards[:na]], [c.ascii for c in cards[na:na + nd]]], "stock": [],
               "attacker": 0, "defender": 1, "table": [], "to_move": 0}
        other = rename_suits(reorder_ranks(pos, rng), rng)
        forms = []
        for red in (Reductions(), dataclasses.replace(Reductions(), rank_order=False)):
            keys = []
            for p in (pos, other):
                s = from_spec_state(made(p))
                cfg = durak_jit._cfg(s.er, s.trump, red)
                keys.append(durak_jit._canon(s.hands[0], s.hands[1], cfg))
            forms.append(keys)
        assert forms[0][0] == forms[0][1], (pos, other)
        apart += forms[1][0] != forms[1][1]
    assert apart >= 100


def test_two_and_three_threads_value_same_rank_leads_through_the_root_plan_exactly(monkeypatch):
    """move_values on two and on three kernel threads follows RootPlan (larger leads first; a
    lead related to a running one only when nothing else is open): on forty 7v7 positions whose
    attacker holds several cards of a rank, every move's value equals the Python search's with
    lead_subsets off, fewer moves are searched than there are moves (the rest are read off), and
    a second lane joined a running search at least once (timing: over forty positions). With
    three threads (two race a move, the third takes another), the two searches of the first move
    handed out (the largest lead) are held until the third lane has been handed a lead beside a
    running related one, which happens on every position (test_durak_solver_crosscheck checks
    RootPlan's order without threads)."""
    from foolsolve.solver import durak as dsolver

    handed = beside = 0
    take = dsolver.RootPlan.take
    first: list[EngineState] = []  # the three-thread run's first job, held until a lead comes beside one

    def counting(plan):
        nonlocal handed, beside
        running = set(plan.running)
        got = take(plan)
        if got is not None:
            handed += 1
            beside += bool(running & set(plan.bigger[got] + plan.smaller[got]))
            if not running and not first:
                first.append(plan.children[got])
        return got

    root_value = durak_jit.JitEndgame._root_value

    def held(self, lane, st, lo, hi, guess):
        if self.threads == 3 and first and st is first[0]:
            t0 = time.monotonic()
            while beside == b0 and time.monotonic() - t0 < 10:
                time.sleep(0.001)
        return root_value(self, lane, st, lo, hi, guess)

    monkeypatch.setattr(dsolver.RootPlan, "take", counting)
    monkeypatch.setattr(durak_jit.JitEndgame, "_root_value", held)
    off = dataclasses.replace(Reductions(), lead_subsets=False)
    rng = random.Random(8)
    live = tried = searched = helped = beside_all = 0
    while tried < 40:
        cards = list(FRENCH36.cards)
        rng.shuffle(cards)
        pos = {"game": "durak", "rules": {"variant": "podkidnoy"}, "trump": rng.choice(FRENCH_SUITS),
               "hands": [[c.ascii for c in cards[:7]], [c.ascii for c in cards[7:14]]], "stock": [],
               "attacker": 0, "defender": 1, "table": [], "to_move": 0}
        s = from_spec_state(made(pos))
        if not any(m[1].bit_count() > 1 for m in legal(s)):
            continue
        tried += 1
        live += sum(game_result(play(s, m)) is None for m in legal(s))
        want = Solver(s.er, s.trump, off).move_values(s)
        for threads in (2, 3):
            h0 = handed
            b0 = beside
            first.clear()
            jit = durak_jit.JitEndgame(s.er, s.trump, Reductions(), threads=threads)
            assert jit.move_values(s) == want, (pos, threads)
            if threads == 2:
                searched += handed - h0
                helped += jit.helped
            else:
                beside_all += beside > b0
    assert searched < live and helped >= 1, (searched, live, helped)
    assert beside_all == 40, beside_all


def _assert_lanes_search_on_exactly(eg):
    """After a search was stopped early: every lane's stop flag is clear, and the same lanes
    then value a smaller position's moves (the first five cards of each TENS hand) as the
    Python search does."""
    assert all(lane.ctl[durak_jit.T_ABORT] == 0 for lane in eg._lanes)
    small = {**TENS, "hands": [h[:5] for h in TENS["hands"]]}
    t = from_spec_state(made(small))
    assert eg.move_values(t) == Solver(t.er, t.trump).move_values(t)


def test_a_search_whose_value_became_known_stops_and_its_result_is_dropped():
    """The job runner under move_values: when a result makes another running job stale (its
    value known, as when a won lead decides a smaller lead of its cards), both searches of that
    job stop at once, its result is not put, and the lanes then search on as before. On three
    threads, job 1, the lead of the three tens of TENS (about 15 s alone), is handed out first
    and joined by the second lane, so it is running when the third lane's short job 0 comes in;
    stale() then names job 1."""
    s = from_spec_state(made(TENS))
    tens = next(m for m in legal(s) if move_text(m) == "attack 10♣ 10♦ 10♥")
    short = next(m for m in legal(s) if move_text(m) == "attack 8♣")
    jobs = [play(s, short), play(s, tens)]
    eg = durak_jit.JitEndgame(s.er, s.trump, Reductions(), threads=3)
    todo = iter([1, 0])
    put: list[tuple[int, int]] = []
    named: list[int] = []

    def take():
        i = next(todo, None)
        return None if i is None else (i, jobs[i], LOSS, WIN, None)

    def stale():
        if put and not named:
            named.append(1)
            return [1]
        return []

    t0 = time.monotonic()
    eg._jobs(jobs, take, lambda i, v: put.append((i, v)), stale)
    assert time.monotonic() - t0 < 5 and [i for i, _ in put] == [0] and named == [1], put
    assert eg.helped == 1
    _assert_lanes_search_on_exactly(eg)


# bench position 10v10 #4 (seed 2026): seventeen moves, three leads of the tens; about 14 s
TENS = {"game": "durak", "rules": {"variant": "podkidnoy"}, "trump": "D",
        "hands": [["KC", "8D", "JH", "QD", "QS", "10H", "10C", "KS", "10D", "8C"],
                  ["JC", "9D", "JS", "6S", "KD", "6C", "AH", "7C", "9S", "9H"]],
        "stock": [], "attacker": 0, "defender": 1, "table": [], "to_move": 0}


def test_the_second_thread_races_the_running_job_and_stops_with_it():
    """With two threads and one job (the value of TENS, a win found in a few hundredths of a
    second), the second thread asks the job's question too, in the helper's order, and is called
    off when the job's value comes in (or its own value is the job's): the call returns at once,
    the value is the one-thread value, both lanes' stop and helper flags are clear, and the lanes
    then value a smaller position's moves as the Python search does."""
    s = from_spec_state(made(TENS))
    one = durak_jit.JitEndgame(s.er, s.trump, Reductions(), threads=1)
    want = one.value(s)
    eg = durak_jit.JitEndgame(s.er, s.trump, Reductions(), threads=2)
    t0 = time.monotonic()
    assert eg.value(s) == want == WIN
    assert time.monotonic() - t0 < 5 and len(eg._lanes) == 2
    assert one.helped == 0 and eg.helped == 1
    assert all(lane.ctl[durak_jit.T_HELPER] == 0 for lane in eg._lanes)
    _assert_lanes_search_on_exactly(eg)


def test_a_value_the_helper_finds_first_is_the_jobs_and_the_job_stops(monkeypatch):
    """The helper of a job (the value of TENS) that finishes first settles the job: its value is
    put once, it is the one-thread value, the job's own search (held back here until the helper
    has answered, as if it were slower) stops at its first node without putting a second value,
    and the lanes then search on exactly."""
    s = from_spec_state(made(TENS))
    want = durak_jit.JitEndgame(s.er, s.trump, Reductions(), threads=1).value(s)
    eg = durak_jit.JitEndgame(s.er, s.trump, Reductions(), threads=2)
    root_value = durak_jit.JitEndgame._root_value
    held: list[int] = []
    put: list[tuple[int, int]] = []

    def slow_job(self, lane, st, lo, hi, guess):
        if not lane.ctl[durak_jit.T_HELPER] and not held:
            held.append(1)
            t0 = time.monotonic()
            while not put and time.monotonic() - t0 < 120:  # until the helper's value is put
                time.sleep(0.01)
        return root_value(self, lane, st, lo, hi, guess)

    monkeypatch.setattr(durak_jit.JitEndgame, "_root_value", slow_job)

    todo = iter([0])

    def take():
        i = next(todo, None)
        return None if i is None else (i, s, LOSS, WIN, None)

    eg._jobs([s], take, lambda i, v: put.append((i, v)))
    assert put == [(0, want)] and held == [1] and (eg.helped, eg.helper_first) == (1, 1)
    assert all(lane.ctl[durak_jit.T_HELPER] == 0 for lane in eg._lanes)
    monkeypatch.undo()
    _assert_lanes_search_on_exactly(eg)

# an 8v8 loss whose first question ("win?") answers 0, so that a second ("draw?") is needed
TWO_QUESTIONS = {"game": "durak", "rules": {"variant": "podkidnoy"}, "trump": "H",
                 "hands": [["8D", "JS", "7S", "QS", "JC", "AD", "7D", "6S"],
                           ["9H", "10D", "AH", "8S", "KS", "9C", "6D", "6H"]],
                 "stock": [], "attacker": 0, "defender": 1, "table": [], "to_move": 0}


def test_a_question_the_other_lane_settled_stops_and_the_next_is_raced(monkeypatch):
    """Both lanes race one job question by question: when one lane's answer settles the question
    the other is still asking (here the job's "win?", held back in the helper until the job's own
    lane has answered it with 0), the other stops at once and asks the next question ("draw?")
    of the range so narrowed; the job's own lane, held back until then, races it. The value is
    the one-thread value, put once, and the lanes then value a smaller position's moves (same
    trump) as the Python search does."""
    s = from_spec_state(made(TWO_QUESTIONS))
    one = durak_jit.JitEndgame(s.er, s.trump, Reductions(), threads=1)
    asked: list[tuple[int, int]] = []
    kernel_of = durak_jit.JitEndgame._kernel

    def logged(self, lane, *args):
        asked.append(args[-2:])
        return kernel_of(self, lane, *args)

    monkeypatch.setattr(durak_jit.JitEndgame, "_kernel", logged)
    assert one.value(s) == LOSS and asked == [(0, 1), (-1, 0)]  # two questions, the first answered 0
    monkeypatch.undo()
    eg = durak_jit.JitEndgame(s.er, s.trump, Reductions(), threads=2)
    log: dict[bool, list[tuple[int, int, str]]] = {False: [], True: []}

    def wait(cond) -> None:
        t0 = time.monotonic()
        while not cond() and time.monotonic() - t0 < 60:
            time.sleep(0.001)

    entered: list[tuple[bool, int, int]] = []

    def held(self, lane, kind, a, d, ta, tc, unc, room, fresh, alpha, beta):
        helper = bool(lane.ctl[durak_jit.T_HELPER])
        entered.append((helper, alpha, beta))
        if helper and not log[True]:  # until the job's lane has answered "win?"
            wait(lambda: lane.job.hi <= 0 or lane.job.ended)
        if not helper and (alpha, beta) == (0, 1):  # until the helper asks "win?" too (a thread may start late)
            wait(lambda: (True, 0, 1) in entered or bool(log[True]))
        if not helper and (alpha, beta) == (-1, 0):  # until the helper asks "draw?" too
            wait(lambda: any(q[:2] == (-1, 0) for q in log[True]))
        try:
            v = kernel_of(self, lane, kind, a, d, ta, tc, unc, room, fresh, alpha, beta)
        except durak_jit.Aborted:
            log[helper].append((alpha, beta, "stopped"))
            raise
        log[helper].append((alpha, beta, str(v)))
        return v

    monkeypatch.setattr(durak_jit.JitEndgame, "_kernel", held)
    todo = iter([0])
    put: list[tuple[int, int]] = []

    def take():
        i = next(todo, None)
        return None if i is None else (i, s, LOSS, WIN, None)

    eg._jobs([s], take, lambda i, v: put.append((i, v)))
    assert put == [(0, LOSS)] and eg.helped == 1
    assert log[False][0] == (0, 1, "0") and log[True][0] == (0, 1, "stopped"), log
    assert [q[:2] for q in log[True][1:]] == [(-1, 0)] and [q[:2] for q in log[False][1:]] == [(-1, 0)], log
    assert all(lane.ctl[durak_jit.T_HELPER] == 0 == lane.ctl[durak_jit.T_ABORT] for lane in eg._lanes)
    monkeypatch.undo()
    small = from_spec_state(made({**TWO_QUESTIONS, "hands": [h[:6] for h in TWO_QUESTIONS["hands"]]}))
    assert eg.move_values(small) == Solver(small.er, small.trump).move_values(small)


@given(st.integers(0, 2**32), st.sampled_from(ROOTS))
def test_the_helpers_move_order_gives_the_python_searchs_values(seed, kind):
    """A lane flagged as a helper (``T_HELPER``: throw-in nodes try "pass" first) values random
    positions and their moves as the Python search does."""
    rng = random.Random(seed)
    got = root_position(rng, kind, hi=6)
    assert got is not None
    s, pos, played = got
    red = random_reductions(rng)
    py = Solver(s.er, s.trump, red)
    jit = kernel(s, red, threads=1)
    jit._lanes[0].ctl[durak_jit.T_HELPER] = 1
    where = (pos, [move_text(m) for m in played], red)
    assert (jit.move_values(s), jit.value(s)) == (py.move_values(s), py.value(s)), where


def test_the_helpers_move_order_is_another_tree():
    """The helper's order is not the search's: on seeded 6v6 podkidnoy positions (every move
    valued, one thread) some node counts differ, and the values never do."""
    rng = random.Random(2)
    differ = 0
    for _ in range(12):
        pos = lead_position(rng, 6, 6)
        pos["rules"]["variant"] = "podkidnoy"
        s = from_spec_state(made(pos))
        main, helper = kernel(s, threads=1), kernel(s, threads=1)
        helper._lanes[0].ctl[durak_jit.T_HELPER] = 1
        assert main.move_values(s) == helper.move_values(s), pos
        differ += main.nodes != helper.nodes
    assert differ >= 3, differ


def test_ctrl_c_while_valuing_every_move_stops_both_threads():
    """Ctrl-C while two kernel threads value a position's moves through RootPlan (one searching a
    lead of the tens, the other on other moves or waiting for it) stops both promptly, and the
    search then values a smaller position's moves as the Python search does."""
    s = from_spec_state(made(TENS))
    eg = durak_jit.JitEndgame(s.er, s.trump, Reductions(), threads=2)
    assert ctrl_c_during(eg, s, 0.5, "move_values") < 0.5
    assert_stopped(eg)
    small = {**TENS, "hands": [h[:5] for h in TENS["hands"]]}
    t = from_spec_state(made(small))
    assert eg.move_values(t) == Solver(t.er, t.trump).move_values(t)


def test_lead_keys_spread_over_every_row_of_a_table_of_any_size():
    """The lead table may have any number of rows (the memory budget sets it): keys' first rows
    cover the whole table evenly, the last quarter too (the hash's top bits scaled to the rows;
    the mixer gives 63 bits, so a scale by the top 32 of 64 bits would use only half the rows)."""
    rows = 1000
    lt = np.zeros((rows + 1, 2), np.int64)
    rng = random.Random(3)
    hits = [0] * 4
    for _ in range(8000):
        r = durak_jit._lslot(lt, rng.getrandbits(64) - (1 << 63), rng.getrandbits(40))
        assert 0 <= r < rows
        hits[4 * r // rows] += 1
    assert all(1700 < h < 2300 for h in hits), hits


def test_a_lead_table_grown_keeps_every_entry():
    """_lrehash (through _run's K_REHASH, the one entry point) puts every entry of a table into a
    larger one: each key is found there with its bounds and hint, each in a row of its own."""
    rng = random.Random(4)
    old = np.zeros((257, 2), np.int64)
    cards = [c.index for c in FRENCH52.cards]
    entries = {}
    for _ in range(120):
        hand = rng.sample(cards, 12)
        a = sum(1 << i for i in hand[:6])
        d = sum(1 << i for i in hand[6:])
        lo = rng.choice([-1, 0, 1])
        hint = a & -a
        durak_jit._lput(old, a, d, lo, 1, hint, rng.randint(0, 15))
        entries[a, d] = (lo, hint)
    new = np.zeros((4 * 256 + 1, 2), np.int64)
    z = np.zeros(8, np.int64)
    durak_jit._run(new, old, z, z, z, z, durak_jit.K_REHASH, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    for (a, d), (lo, hint) in entries.items():
        row, got_hint, packed = durak_jit._lfind(new, a, d)
        assert row >= 0 and durak_jit._bounds(packed) == (lo, 1) and got_hint == hint
    assert np.count_nonzero(new[:-1, 1]) == len(entries)


def test_a_lead_table_that_grows_during_a_solve_gives_the_same_values(monkeypatch):
    """A search started with a tiny lead table grows it (every kernel stopped, the entries moved,
    each stopped question asked again) several times, on two threads, and values every move as
    the Python search does."""
    monkeypatch.setattr(durak_jit, "POLL", 0.001)  # the calling thread looks at the table often
    rng = random.Random(5)
    cards = list(FRENCH36.cards)
    grown = 0
    for _ in range(3):
        rng.shuffle(cards)
        s = from_spec_state(made(deck_empty_lead(rng, rng.choice(FRENCH_SUITS), cards[:8], cards[8:16])))
        jit = kernel(s, cards=0, threads=2)  # 16 rows to start with
        assert jit.move_values(s) == Solver(s.er, s.trump).move_values(s)
        grown += jit.grown
    assert grown >= 3


def test_the_lead_table_stays_within_the_memory_budget():
    """``--max-memory``: the lead table never grows past what the budget leaves after each
    thread's own tables; the default budget is DEFAULT_MAX_MEMORY."""
    from foolsolve.solver.base import DEFAULT_MAX_MEMORY

    for mib in (1, 64, 1024):
        rows = durak_jit.lead_rows(mib, 2)
        used = (rows + 1) * durak_jit.LEAD_ROW_BYTES + 2 * durak_jit.lane_bytes()
        assert rows == 1 << durak_jit.MIN_BITS or used <= mib << 20
        rows = durak_jit.lead_rows(mib, 2, 16)  # larger bout tables leave fewer lead rows
        used = (rows + 1) * durak_jit.LEAD_ROW_BYTES + 2 * durak_jit.lane_bytes(16)
        assert rows == 1 << durak_jit.MIN_BITS or used <= mib << 20
    assert durak_jit.lead_rows(None) == durak_jit.lead_rows(DEFAULT_MAX_MEMORY)
    s = from_spec_state(made(deck_empty_lead(random.Random(6), "S", FRENCH36.cards[:9],
                                                             FRENCH36.cards[9:18])))
    eg = search_for(s, Reductions(), SolveOptions(max_memory=64), jit=True)
    assert eg._max_rows == durak_jit.lead_rows(64, eg.threads)
    big_bouts = durak_jit.JitEndgame(s.er, s.trump, max_memory=64, bout_bits=16)
    assert big_bouts._max_rows == durak_jit.lead_rows(64, big_bouts.threads, 16) < eg._max_rows


def test_the_python_search_drops_entries_over_the_memory_budget(monkeypatch):
    """The Python search's ``--max-memory`` counts TABLE_ENTRY_BYTES an entry; over it (checked at
    each progress report, here made every 50 nodes, with room for 64 entries) the oldest half of its
    tables goes, and every move is still valued exactly."""
    monkeypatch.setattr(durak_solver, "REPORT_EVERY", 50)
    rng = random.Random(7)
    cards = list(FRENCH36.cards)
    rng.shuffle(cards)
    s = from_spec_state(made(deck_empty_lead(rng, "H", cards[:7], cards[7:14])))
    small = Solver(s.er, s.trump, max_memory=1)
    assert small._ctx.budget.max_entries == max(1024, (1 << 20) // durak_solver.TABLE_ENTRY_BYTES)
    small._ctx.budget.max_entries = 64
    assert small.move_values(s) == Solver(s.er, s.trump).move_values(s)
    assert small._ctx.budget.evictions > 0


def test_the_compiled_searchs_load_is_not_counted_in_the_solves_seconds(monkeypatch):
    """Where the solve loads (or compiles) the compiled search first, the result's seconds are the
    search's alone, so a stored result's first solve is the search's time."""
    from pathlib import Path as P
    from typing import Any

    import foolsolve
    from foolsolve.solver.base import SolveOptions
    from foolsolve.solver.durak import search

    loaded = {"now": False}
    python_search = search.search_for
    real = time.perf_counter
    skipped = {"s": 0.0}
    load_seconds = 1000.0

    class Clock:  # the search module's clock, which the load moves on at once by its seconds
        @staticmethod
        def perf_counter() -> float:
            return real() + skipped["s"]

    def slow_load(state: Any, reductions: Any = None, options: Any = None, jit: Any = "auto") -> Any:
        skipped["s"] += load_seconds  # the load (or the compile) of the compiled search
        loaded["now"] = True
        return python_search(state, reductions, options, False)

    monkeypatch.setattr(search, "time", Clock)
    monkeypatch.setattr(search, "kernel_loaded", lambda: loaded["now"])
    monkeypatch.setattr(search, "search_for", slow_load)
    pos = foolsolve.load(str(P(foolsolve.__file__).parent / "examples" / "durak-endgame.json"))
    result = foolsolve.games.get("durak").solve(pos.state, SolveOptions(extra={"jit": False}))
    assert skipped["s"] == load_seconds and 0 <= result.seconds < load_seconds, result.seconds
    again = foolsolve.games.get("durak").solve(pos.state, SolveOptions(extra={"jit": False}))
    assert result.notes == again.notes  # the answer is the same, loaded or not
