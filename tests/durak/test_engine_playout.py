"""The engine's fast paths play exactly the spec's game.

* the native random playouts, :func:`foolsolve.engines.durak_playout.playout` (Python, on one
  private copy) and :func:`foolsolve.engines.durak_playout_compiled.playout` (numba, drawing
  from the generator's own memory or from a ``getstate`` copy), make the same moves, reach the
  same final state (field for field between the two) and result, and leave the generator in
  the same state as the spec's seeded playout ``s = SPEC.apply(s, rng.choice(SPEC.legal_moves(s)))``;
* the engine lists legal moves in the spec's order (not only the same set), which is what makes
  ``rng.choice`` pick the same move in both;
* the generic ``Engine.playout`` (``legal_moves`` + ``apply_unchecked``) agrees with the native one;
* the checked ``apply`` still rejects every illegal move, with or without a ``legal_moves`` call
  on the same state first.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from functools import partial
from typing import Any, ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from foolsolve import games
from foolsolve.engines import durak as ed
from foolsolve.engines import durak_playout as dp
from foolsolve.engines import durak_playout_compiled as dpc
from foolsolve.engines.durak import ENGINE, DurakEngine
from foolsolve.game import Engine, IllegalMove
from foolsolve.games.durak import random_game
from foolsolve.rules import random_rules
from foolsolve.spec.durak import SPEC, Rules, State, side_defaults
from tests.durak.helpers import card, pos
from tests.generic.playout_helpers import spec_playout as _spec_playout


def spec_playout(start: State, rng: random.Random, max_moves: int | None = None) -> tuple[State, list[str]]:
    """The reference: the spec's seeded random playout."""
    return _spec_playout(SPEC, start, rng, max_moves)


dpc.load(compile=True)  # once: numba caches it on disk (about 13 CPU seconds the first time)

NATIVE: dict[str, Callable[..., tuple[ed.EngineState, int]]] = {
    "python": dp.playout,
    "compiled": partial(dpc.playout, own_memory=True),
    "compiled, getstate copy": partial(dpc.playout, own_memory=False),
}
"""The native playouts, each held to the spec's seeded game (the compiled one both ways it reads
the generator)."""


def engine_fields(e: ed.EngineState) -> list[tuple[str, Any]]:
    """Every field of an engine state, with its type (the playouts build them field by field)."""
    return [(f, getattr(e, f), type(getattr(e, f))) for f in ed.EngineState.__slots__]


def assert_same_game(start: State, seed: int, max_moves: int | None = None) -> None:
    """Every native playout (:data:`NATIVE`) plays the spec's seeded game from ``start``."""
    rng_spec = random.Random(seed)
    s, spec_moves = spec_playout(start, rng_spec, max_moves)
    e0 = ENGINE.from_spec(start)
    before = SPEC.state_to_json(ENGINE.to_spec(e0))
    first: list[tuple[str, Any]] | None = None
    for name, play in NATIVE.items():
        rng_eng = random.Random(seed)
        trace: list[tuple[int, int, int]] = []
        e, count = play(e0, rng_eng, max_moves, trace)
        assert [ed.move_text(m) for m in trace] == spec_moves, name
        assert count == len(spec_moves), name
        assert SPEC.state_to_json(ENGINE.to_spec(e)) == SPEC.state_to_json(s), name
        assert ENGINE.result(e) == SPEC.result(s), name
        assert rng_eng.getstate() == rng_spec.getstate(), f"{name}: the same random numbers were drawn"
        assert SPEC.state_to_json(ENGINE.to_spec(e0)) == before, f"{name}: playout must not change its argument"
        if first is None:
            first = engine_fields(e)
        else:
            assert engine_fields(e) == first, name
        untraced = random.Random(seed)
        e2, count2 = play(e0, untraced, max_moves)
        assert count2 == count and engine_fields(e2) == engine_fields(e) and untraced.getstate() == rng_spec.getstate()


@pytest.mark.parametrize("seed", range(60))
def test_native_playout_plays_the_specs_seeded_game(seed: int) -> None:
    assert_same_game(random_game(random.Random(f"deal:{seed}")), seed)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("variant", ["simple", "podkidnoy", "perevodnoy"])
def test_native_playout_every_variant_and_player_count(players: int, variant: str) -> None:
    """Each variant with each player count, the other options at random (36 and 52 cards)."""
    for k in range(4):
        rng = random.Random(f"{variant}:{players}:{k}")
        rules = Rules(**{**random_rules(Rules, rng, **side_defaults()).__dict__, "variant": variant})
        assert_same_game(SPEC.deal(rules, players, rng), k)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_native_playout_transfer_trump_laid_false(players: int) -> None:
    """Perevodnoy with transfer_blocked_by_trump on and transfer_trump_laid false (the trump laid or shown
    to transfer counts as on the table: no trump transfers), the other options at random."""
    for k in range(4):
        rng = random.Random(f"unlaid:{players}:{k}")
        rules = Rules(**{**random_rules(Rules, rng, **side_defaults()).__dict__, "variant": "perevodnoy",
                         "transfer_blocked_by_trump": True, "transfer_trump_laid": False})
        assert_same_game(SPEC.deal(rules, players, rng), k)


@settings(max_examples=max(10, settings.default.max_examples // 2))
@given(seed=st.integers(min_value=0, max_value=2**63), stop=st.integers(min_value=0, max_value=120))
def test_native_playout_stops_after_max_moves_in_the_specs_state(seed: int, stop: int) -> None:
    """Stopping anywhere (mid-bout: covers, throw-ins, a take in progress) leaves the spec's state."""
    assert_same_game(random_game(random.Random(seed)), seed, max_moves=stop)


@settings(max_examples=max(10, settings.default.max_examples // 2))
@given(seed=st.integers(min_value=0, max_value=2**63), skip=st.integers(min_value=0, max_value=150))
def test_native_playout_from_a_mid_game_position(seed: int, skip: int) -> None:
    """Starting from any reachable position (read back from its JSON) gives the spec's game."""
    mid, _ = spec_playout(random_game(random.Random(seed)), random.Random(seed + 1), skip)
    assert_same_game(SPEC.state_from_json(SPEC.state_to_json(mid)), seed)


def test_native_playout_of_a_finished_game_plays_nothing() -> None:
    end, _ = spec_playout(random_game(random.Random(5)), random.Random(5))
    for play in NATIVE.values():
        e, count = play(ENGINE.from_spec(end), random.Random(0))
        assert count == 0 and ENGINE.result(e) == SPEC.result(end)


def test_native_playout_plays_the_redeal_phase_then_the_game() -> None:
    """Deals that open the redeal phase (a hand of five cards of a suit, ``redeal_right``): its
    decisions by the generic loop, then the game natively, still the spec's game."""
    found = 0
    for k in range(2000):
        rng = random.Random(f"redeal:{k}")
        rules = Rules(**{**random_rules(Rules, rng, **side_defaults()).__dict__, "redeal_right": True})
        start = SPEC.deal(rules, rng.randint(2, 6), rng)
        if ENGINE.from_spec(start).seed is None:
            continue
        assert_same_game(start, k)
        assert_same_game(start, k, max_moves=k % 5)
        found += 1
        if found == 6:
            return
    raise AssertionError("no deal opened the redeal phase")


def test_compiled_playout_traces_long_games_in_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    """The compiled playout reads its moves out in chunks of ``TRACE_CHUNK``: chunk borders
    anywhere (and ``max_moves`` on them) change nothing."""
    monkeypatch.setattr(dpc, "TRACE_CHUNK", 7)
    for seed in range(6):
        start = random_game(random.Random(f"chunks:{seed}"))
        assert_same_game(start, seed)
        assert_same_game(start, seed, max_moves=14)
        assert_same_game(start, seed, max_moves=20 + seed)


def test_compiled_playout_draws_from_the_generators_own_memory_on_cpython() -> None:
    """On CPython the compiled playout reads the generator's 625 words in place (no copy)."""
    import platform

    if platform.python_implementation() == "CPython":
        assert dpc.OWN_MEMORY
    rng = random.Random(11)
    mem = dpc._memory_of(rng) if dpc.OWN_MEMORY else None
    if mem is not None:
        rng.getrandbits(5)
        assert mem.tolist() == [rng.getstate()[1][624], *rng.getstate()[1][:624]]


def test_compiled_playout_refuses_side_rules_like_the_python_one() -> None:
    from foolsolve.errors import InputError

    rules = Rules(**{**Rules().__dict__, "places": "even"})
    es = ENGINE.from_spec(SPEC.deal(rules, 3, random.Random(1)))
    with pytest.raises(InputError, match=r"^rules: the native Durak playout does not play 001's side rules"):
        dpc.playout(es, random.Random(0))


def test_lead_with_four_of_a_kind_lists_attacks_in_spec_order() -> None:
    """The lead is generated in sort order directly: (6C), (6C 6D), (6C 6D 6H) ... by card tuples."""
    for defender_cards in (1, 2, 3, 6):
        s = pos(hands=[["6C", "6D", "6H", "6S", "9C", "9S", "AH"],
                       [c.ascii for c in [card("7D"), card("8D"), card("10D"), card("JD"), card("QD"), card("KD")]]
                       [:defender_cards]],
                stock=[], first_bout=False)
        e = ENGINE.from_spec(s)
        assert [ed.move_text(m) for m in ENGINE.legal_moves(e)] == [str(m) for m in SPEC.legal_moves(s)]


LEAD_HANDS = [
    ["6C", "6D", "6H", "6S", "9C", "9S", "AH"],  # four of a kind and a pair
    ["7C", "8D", "7H", "8S", "7S", "QD"],  # a triple and a pair, interleaved by suit
    ["6S", "7S", "8S", "9S", "10S", "JS"],  # no two of a rank
    ["KC", "KD", "AC", "AD", "AH", "AS", "KS"],
]


@pytest.mark.parametrize("hand", LEAD_HANDS, ids=lambda h: " ".join(h))
@pytest.mark.parametrize("defender_cards", [1, 2, 3, 4, 6])
def test_native_playout_draws_each_lead_the_spec_lists(hand: list[str], defender_cards: int) -> None:
    """The native lead counts and decodes the drawn lead without listing them: for every cap
    (the defender's hand size) and many draws, the same lead as ``rng.choice(SPEC.legal_moves)``."""
    defender = ["7D", "8H", "10D", "JD", "QH", "KH"][:defender_cards]
    s = pos(hands=[hand, [c for c in defender if c not in hand]], stock=[], first_bout=False)
    for seed in range(40):
        assert_same_game(s, seed, max_moves=1)


@pytest.mark.parametrize("seed", range(25))
def test_engine_lists_legal_moves_in_the_specs_order(seed: int) -> None:
    """Not only the same set (the conformance harness): the same order, at every step."""
    rng = random.Random(seed)
    s = random_game(rng)
    e = ENGINE.from_spec(s)
    while True:
        spec_moves = SPEC.legal_moves(s)
        assert [ed.move_text(m) for m in ENGINE.legal_moves(e)] == [str(m) for m in spec_moves]
        if not spec_moves:
            break
        i = rng.randrange(len(spec_moves))
        s = SPEC.apply(s, spec_moves[i])
        e = ENGINE.apply_unchecked(e, ENGINE.legal_moves(e)[i])


@pytest.mark.parametrize("seed", range(20))
def test_generic_engine_playout_equals_the_native_one(seed: int) -> None:
    """The base class's loop (legal_moves + apply_unchecked) and Durak's override agree."""
    start = ENGINE.from_spec(random_game(random.Random(seed)))
    generic, n1 = Engine.playout(ENGINE, start, random.Random(seed))
    native, n2 = ENGINE.playout(start, random.Random(seed))
    assert n1 == n2
    assert ENGINE.key(generic) == ENGINE.key(native)


@pytest.mark.parametrize("name", [n for n in games.names() if games.get(n).engine is not None
                                  and games.get(n).random_game is not None])
def test_default_playout_ends_every_registered_game(name: str) -> None:
    info = games.get(name)
    eng = info.engine
    start = eng.from_spec(info.random_game(random.Random(3)))
    end, count = Engine.playout(eng, start, random.Random(4))
    assert count > 0 and eng.result(end) is not None and not eng.legal_moves(end)
    part, three = Engine.playout(eng, start, random.Random(4), max_moves=3)
    rng, by_hand = random.Random(4), start
    for _ in range(3):
        by_hand = eng.apply(by_hand, rng.choice(eng.legal_moves(by_hand)))
    assert three == 3 and eng.key(part) == eng.key(by_hand)


@pytest.mark.parametrize("seed", range(8))
def test_checked_apply_rejects_illegal_moves_with_and_without_a_listing(seed: int) -> None:
    """``apply`` checks against the list ``legal_moves`` returned for this state object, else a fresh
    one; a list changed by the caller or a listing of another state never lets an illegal move in."""
    eng = DurakEngine()
    rng = random.Random(seed)
    s = ENGINE.from_spec(random_game(rng))
    other = ENGINE.from_spec(random_game(rng))
    candidates = [(ed.ATTACK, 1 << i, 0) for i in range(64)] + [(ed.COVER, a, c) for a in range(0, 64, 3)
                                                                 for c in range(1, 64, 5)]
    candidates += [(k, i, 0) for k in (ed.SHOW, ed.THROW) for i in range(64)]
    candidates += [(ed.TRANSFER, 1 << i | b << 16, 0) for i in range(64) for b in (0, 1 << i)]  # one card or two
    candidates += [(ed.TAKE, 0, 0), (ed.PASS, 0, 0)]
    for _ in range(60):
        legal = ed.legal(s)
        if not legal:
            break
        listed = eng.legal_moves(s)
        listed.append((ed.PASS, 0, 0))  # the caller's copy; the engine's check is unaffected
        listed.append((ed.TAKE, 0, 0))
        eng.legal_moves(other)  # the cache now belongs to another state
        for m in rng.sample(candidates, 40):
            for warm in (False, True):
                if warm:
                    eng.legal_moves(s)
                if m in legal:
                    eng.apply(s, m)
                else:
                    with pytest.raises(IllegalMove):
                        eng.apply(s, m)
        s = eng.apply(s, rng.choice(legal))


class CountingRandom(random.Random):
    """A ``Random`` whose ``choice`` goes through its own ``_randbelow``: the native loop cannot
    draw inline for it, so ``playout`` falls back to the generic loop (and must still agree)."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.draws = 0

    def _randbelow(self, n: int) -> int:  # type: ignore[override]
        self.draws += 1
        return super()._randbelow_with_getrandbits(n)  # type: ignore[attr-defined]


@pytest.mark.parametrize("seed", range(6))
def test_playout_with_a_nonstandard_random_uses_its_choice(seed: int) -> None:
    start = random_game(random.Random(seed))
    s, spec_moves = spec_playout(start, random.Random(seed))
    for play in NATIVE.values():
        rng = CountingRandom(seed)
        trace: list[tuple[int, int, int]] = []
        e, count = play(ENGINE.from_spec(start), rng, trace=trace)
        assert rng.draws == count == len(spec_moves)
        assert [ed.move_text(m) for m in trace] == spec_moves
        assert SPEC.state_to_json(ENGINE.to_spec(e)) == SPEC.state_to_json(s)


def test_engine_playout_runs_the_compiled_playout_when_numbas_cache_holds_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """``auto`` (the default): the compiled playout, loaded from numba's cache (compiled above) in a
    thread, the Python playout playing until it is loaded; ``FOOLSOLVE_DURAK_PLAYOUT=python`` the
    Python one; anything else a one-line error."""
    from foolsolve.errors import InputError

    monkeypatch.setattr(dp, "_child", None)
    monkeypatch.setattr(dp, "_loading", None)
    for value, want in (("", dpc.playout), ("auto", dpc.playout), ("python", dp.playout), ("compiled", dpc.playout)):
        monkeypatch.setenv("FOOLSOLVE_DURAK_PLAYOUT", value)
        monkeypatch.setattr(dp, "_native", None)
        assert dp.compiled_in_cache()
        first = dp.native()
        if value in ("", "auto"):
            assert first is dp.playout and dp._loading is not None  # until the thread has loaded it
            dp._loading.thread.join(120)
        assert dp.native() is want
        start = ENGINE.from_spec(random_game(random.Random(3)))
        end = ENGINE.playout(start, random.Random(4))[0]
        assert engine_fields(end) == engine_fields(dp.playout(start, random.Random(4))[0])
    monkeypatch.setenv("FOOLSOLVE_DURAK_PLAYOUT", "numba")
    monkeypatch.setattr(dp, "_native", None)
    with pytest.raises(InputError, match=r"^FOOLSOLVE_DURAK_PLAYOUT: expected one of auto, python, compiled, not 'numba'$"):
        dp.native()


class FakeChild:
    """A background compile that has not finished until told so."""

    started: ClassVar[list[list[str]]] = []

    def __init__(self, args: list[str], **kwargs: Any) -> None:
        FakeChild.started.append(args)
        self.code: int | None = None

    def poll(self) -> int | None:
        return self.code


def test_engine_playout_plays_python_while_a_background_process_compiles(monkeypatch: pytest.MonkeyPatch) -> None:
    """A cache miss: the Python playout runs at once, one background compile starts (not under
    ``FOOLSOLVE_BACKGROUND_COMPILE=0``), and once it has finished the next playout is compiled."""
    import subprocess
    import sys

    monkeypatch.delenv("FOOLSOLVE_DURAK_PLAYOUT", raising=False)
    monkeypatch.setattr(subprocess, "Popen", FakeChild)
    monkeypatch.setattr(dp, "_native", None)
    monkeypatch.setattr(dp, "_child", None)
    cached = {"yes": False}
    monkeypatch.setattr(dp, "compiled_in_cache", lambda: cached["yes"])
    monkeypatch.setattr(dpc, "_compiled", None)
    monkeypatch.setattr(dpc, "load", lambda compile=False: cached["yes"])
    monkeypatch.setenv("FOOLSOLVE_BACKGROUND_COMPILE", "0")
    FakeChild.started.clear()
    assert dp.native() is dp.playout and not FakeChild.started
    monkeypatch.setattr(dp, "_native", None)
    monkeypatch.setenv("FOOLSOLVE_BACKGROUND_COMPILE", "1")
    assert dp.native() is dp.playout
    assert dp.native() is dp.playout  # still compiling
    assert FakeChild.started == [[sys.executable, "-m", "foolsolve.engines.durak_playout_compiled", "--background"]]
    child = dp._child
    assert isinstance(child, FakeChild)
    cached["yes"] = True
    child.code = 0
    assert dp.native() is dp.playout and dp._child is None  # the load starts, in a thread
    loading = dp._loading
    assert loading is not None
    loading.thread.join(120)
    assert dp.native() is dpc.playout and dp._loading is None


def test_the_compiled_playouts_load_runs_in_a_thread_of_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """numba's cache holds the compiled playout: its load (importing numba, loading: a second or
    two that no time limit can stop) runs in a thread, not in the caller's, and the Python playout
    plays until it is done (the same games); here a fake load that lasts until the test lets it end."""
    import threading

    monkeypatch.delenv("FOOLSOLVE_DURAK_PLAYOUT", raising=False)
    monkeypatch.setattr(dp, "_native", None)
    monkeypatch.setattr(dp, "_child", None)
    monkeypatch.setattr(dp, "_loading", None, raising=False)
    monkeypatch.setattr(dp, "compiled_in_cache", lambda: True)
    let_end = threading.Event()
    loaded_in: list[threading.Thread] = []

    def slow_load(compile: bool = False) -> bool:
        if threading.current_thread() is threading.main_thread():
            raise AssertionError("the compiled playout was loaded in the caller's thread")
        loaded_in.append(threading.current_thread())
        let_end.wait(120)
        return True

    monkeypatch.setattr(dpc, "load", slow_load)
    try:
        assert dp.native() is dp.playout
        assert dp.native() is dp.playout  # still loading
    finally:
        let_end.set()
    dp._loading.thread.join(120)
    assert loaded_in and dp.native() is dpc.playout


class OwnBits(random.Random):
    """A ``Random`` whose bits come from its own ``getrandbits`` (``choice`` still draws through
    it): the compiled loop cannot run the generator for it, so the Python playout plays."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.calls = 0

    def getrandbits(self, k: int) -> int:
        self.calls += 1
        return super().getrandbits(k) ^ (1 if k > 1 else 0)


@pytest.mark.parametrize("seed", range(4))
def test_playout_with_a_random_of_its_own_bits_draws_through_them(seed: int) -> None:
    start = ENGINE.from_spec(random_game(random.Random(seed)))
    got = []
    for play in NATIVE.values():
        rng = OwnBits(seed)
        end, count = play(start, rng)
        got.append((engine_fields(end), count, rng.calls, rng.getstate()))
    assert got[0][2] >= got[0][1] > 0
    assert got[1:] == got[:1] * (len(got) - 1)


BACKGROUND_RUN = """
import json, random, time
from foolsolve.engines import durak_playout as dp
from foolsolve.engines.durak import ENGINE
from foolsolve.games.durak import random_game
start = ENGINE.from_spec(random_game(random.Random(1)))
first = ENGINE.playout(start, random.Random(2))
was = dp.native() is dp.playout
child = dp._child
while child is not None and child.poll() is None:
    time.sleep(0.2)
second = ENGINE.playout(start, random.Random(2))
print(json.dumps({"python_first": was, "started": child is not None, "code": child and child.returncode,
                  "compiled_then": dp.native() is not dp.playout, "in_cache": dp.compiled_in_cache(),
                  "same": ENGINE.key(first[0]) == ENGINE.key(second[0]) and first[1] == second[1]}))
"""


@pytest.mark.skipif(os.environ.get("HYPOTHESIS_PROFILE") != "long",
                    reason="a real background compile into an empty numba cache (HYPOTHESIS_PROFILE=long runs it)")
def test_a_cold_cache_is_filled_in_the_background_and_the_process_switches(tmp_path: Any) -> None:
    """From an empty numba cache: the first playout is the Python one and starts the background
    compile; once it has finished, the same process plays the compiled one, the same game."""
    import json
    import subprocess
    import sys

    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "numba"), "XDG_CACHE_HOME": str(tmp_path / "cache"),
           "FOOLSOLVE_BACKGROUND_COMPILE": "1"}
    env.pop("FOOLSOLVE_DURAK_PLAYOUT", None)
    done = subprocess.run([sys.executable, "-c", BACKGROUND_RUN], env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"python_first": True, "started": True, "code": 0, "compiled_then": True,
                                       "in_cache": True, "same": True}


def test_without_a_cache_folder_nothing_compiles_in_vain(monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """Where numba finds no writable cache folder, a compile would last one process: the
    background compile does nothing and the ahead-of-time one says why in one line (exit 2)."""
    class NoLocator(dpc._Cache):
        def __init__(self, func: Any) -> None:
            raise RuntimeError("cannot cache function: no locator available")

    monkeypatch.setattr(dpc, "_Cache", NoLocator)
    assert not dpc.cacheable()
    assert dpc.main(["--background"]) == 0
    assert dpc.main([]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no writable cache folder" in err
