"""The Foolery engine's compiled playout plays the very game of the generic loop
(``apply(s, rng.choice(legal_moves(s)))``): the same moves, final position and random state."""

from __future__ import annotations

import random

import pytest

from foolsolve.engines.foolery import ENGINE, generic_playout
from foolsolve.games.foolery import random_game


@pytest.fixture(scope="module")
def compiled_playout() -> None:
    """The compiled playout loaded (it loads in a thread: the Python loop plays until then)."""
    from foolsolve.engines import foolery

    foolery.native()
    if foolery._loading is not None:
        foolery._loading.thread.join(300)
        foolery.native()


@pytest.mark.parametrize("seed", range(12))
def test_native_playout_is_the_generic_loop(seed: int, compiled_playout: None) -> None:
    e = ENGINE.from_spec(random_game(random.Random(seed)))
    limit = None if seed % 3 else 5 + seed  # whole rounds, and a few stopped after some moves
    r1, r2 = random.Random(seed), random.Random(seed)
    a, n1 = generic_playout(e, r1, limit)
    b, n2 = ENGINE.playout(e, r2, limit)
    assert (n1, ENGINE.key(a), a.top) == (n2, ENGINE.key(b), b.top)
    assert r1.getstate() == r2.getstate()
    assert ENGINE.result(a) == ENGINE.result(b)


def test_a_random_subclass_that_draws_differently_plays_the_generic_loop() -> None:
    class Odd(random.Random):
        def _randbelow(self, n: int) -> int:  # type: ignore[override]
            return n - 1

    e = ENGINE.from_spec(random_game(random.Random(3)))
    a, n1 = ENGINE.playout(e, Odd(1))
    b, n2 = generic_playout(e, Odd(1))
    assert n1 == n2 and ENGINE.key(a) == ENGINE.key(b)


@pytest.mark.parametrize("table", ["3C 3D 3S 4C 4D", "3C 4C 5C 6C KC"])
def test_native_playout_cannot_follow_a_higher_5_card_hand_with_a_flush(table: str) -> None:
    """004 §Hands: "5-card hands, lowest to highest: Straight, Flush, Full House, Straight Flush, ..." and
    "Highest card counts": a flush follows neither a full house nor a flush with a higher top card (the
    compiled playout's flush keys); random games rarely put such a flush against such a hand."""
    from tests.foolery.helpers import legal, position

    s = position("2H 5H 9H JH QH 7C", "AC AD", "10S 10D", table=[(2, table)], to_move=0)
    assert not legal(s, "play 2H 5H 9H JH QH")
    e = ENGINE.from_spec(s)
    for seed in range(6):
        r1, r2 = random.Random(seed), random.Random(seed)
        a, n1 = generic_playout(e, r1, 1)
        b, n2 = ENGINE.playout(e, r2, 1)
        assert (n1, ENGINE.key(a)) == (n2, ENGINE.key(b)) and r1.getstate() == r2.getstate()


@pytest.mark.parametrize(("table", "second"), [([(1, "V")], "XI XII XIII"), ([(1, "7C"), (2, "XX")], "AC AD 3S")])
def test_native_playout_from_a_table_holding_trumps(table: list[tuple[int, str]], second: str) -> None:
    """The compiled playout takes over a trick in progress whose plays hold trumps (cards above the 64
    bits of the suits): the same game as the generic loop, move by move and to the end."""
    from tests.foolery.helpers import position

    # player 2 sits between a play of player 1 and player 0: they passed (a trump lead is made from a
    # hand of trumps)
    s = position("2H 5H 9H JH QH 7S", second, "10S 10D VI", table=table, to_move=0,
                 passed=[2] if table[-1][0] == 1 else [])
    e = ENGINE.from_spec(s)
    for seed, limit in ((0, 1), (1, 2), (2, None), (3, None)):
        r1, r2 = random.Random(seed), random.Random(seed)
        a, n1 = generic_playout(e, r1, limit)
        b, n2 = ENGINE.playout(e, r2, limit)
        assert (n1, ENGINE.key(a), a.top) == (n2, ENGINE.key(b), b.top) and r1.getstate() == r2.getstate()


def test_a_cold_numba_cache_plays_the_python_loop_while_a_background_process_compiles(monkeypatch) -> None:
    """A first seat answer of a fresh install compiled the playout inside its first world (36.9 s
    for --time 5 on a cold cache, then 'no world was valued in 5 s'). While numba's cache does not
    hold the playout, the engine plays its Python loop (the same game) and starts one background
    compile; once that has finished and the cache holds it, the compiled playout runs."""
    from foolsolve import background
    from foolsolve.engines import foolery, foolery_native

    class Child:
        done = False

        def poll(self) -> int | None:
            return 0 if self.done else None

    child = Child()
    started: list[str] = []
    cached = [False]
    monkeypatch.setattr(background, "allowed", lambda: True)
    monkeypatch.setattr(background, "in_numba_cache", lambda source, function, keyed_by=(): cached[0])
    monkeypatch.setattr(background, "start", lambda module: started.append(module) or child)
    monkeypatch.setattr(foolery, "_native", None)
    monkeypatch.setattr(foolery, "_child", None)
    monkeypatch.setattr(foolery, "_python_only", False)
    monkeypatch.setattr(foolery, "_loading", None, raising=False)
    ran: list[int] = []
    monkeypatch.setattr(foolery_native, "playout", lambda *a: ran.append(1) or generic_playout(*a[:2]))
    e = ENGINE.from_spec(random_game(random.Random(5)))
    a, n1 = ENGINE.playout(e, random.Random(5))
    b, n2 = generic_playout(e, random.Random(5))
    assert (n1, ENGINE.key(a)) == (n2, ENGINE.key(b)) and not ran
    ENGINE.playout(e, random.Random(6))
    assert started == ["foolsolve.engines.foolery_native"]  # once a process
    child.done, cached[0] = True, True
    ENGINE.playout(e, random.Random(7))  # the load starts, in a thread of its own: the Python loop meanwhile
    loading = foolery._loading
    assert loading is not None
    loading.thread.join(120)
    ran.clear()
    ENGINE.playout(e, random.Random(8))
    assert ran == [1] and started == ["foolsolve.engines.foolery_native"]


def test_the_compiled_playouts_load_runs_in_a_thread_of_its_own(monkeypatch) -> None:
    """numba's cache holds the playout: its load (importing numba, loading: a second or so that no
    time limit can stop) runs in a thread, not in the caller's, and the Python loop plays the same
    games until it is done; here a fake load that lasts until the test lets it end."""
    import threading

    from foolsolve import background
    from foolsolve.engines import foolery, foolery_native

    let_end = threading.Event()

    def slow_warm() -> None:
        if threading.current_thread() is threading.main_thread():
            raise AssertionError("the compiled playout was loaded in the caller's thread")
        let_end.wait(120)

    monkeypatch.setattr(background, "in_numba_cache", lambda source, function, keyed_by=(): True)
    monkeypatch.setattr(foolery, "_native", None)
    monkeypatch.setattr(foolery, "_child", None)
    monkeypatch.setattr(foolery, "_python_only", False)
    monkeypatch.setattr(foolery, "_loading", None, raising=False)
    monkeypatch.setattr(foolery_native, "warm", slow_warm)
    e = ENGINE.from_spec(random_game(random.Random(5)))
    try:
        a, n1 = ENGINE.playout(e, random.Random(5))  # the Python loop, the same game
        assert foolery.native() is None
    finally:
        let_end.set()
    b, n2 = generic_playout(e, random.Random(5))
    assert (n1, ENGINE.key(a)) == (n2, ENGINE.key(b))
    foolery._loading.thread.join(120)
    assert foolery.native() is foolery_native.playout


def test_a_compile_in_the_foreground_is_announced_and_ctrl_c_in_it_says_what_it_stopped(monkeypatch, capsys) -> None:
    """With no background compile (``FOOLSOLVE_BACKGROUND_COMPILE=0``) the first playout compiles the
    compiled one: off a terminal (a notebook) it says so in one line as it starts, as the Durak
    search's compile does, and a Ctrl-C inside numba's compile (an empty KeyboardInterrupt from
    the compiled loop's first call) ends it with one line saying what stopped (a Stopped: exit 130
    on the command line), never a bare KeyboardInterrupt."""
    from foolsolve.errors import Stopped
    from tests.generic.playout_helpers import foolery_compile_stopped

    stopped = foolery_compile_stopped(monkeypatch)
    e = ENGINE.from_spec(random_game(random.Random(5)))
    with pytest.raises(KeyboardInterrupt) as caught:
        ENGINE.playout(e, random.Random(5))
    assert isinstance(caught.value, Stopped)
    assert str(caught.value) == stopped == ("interrupted while compiling the Foolery playout; the next run "
                                            "compiles it again")
    assert capsys.readouterr().err == ("foolsolve: compiling the Foolery playout once (up to about half a minute; "
                                       "Ctrl-C stops it): 0 s\n")
