"""Durak's moves come from one generator, compiled once (docs/architecture.md "The Durak kernel").

The kernel's move generators (engines/durak_kernel.py: ``lead_heads``, ``cover_cards``,
``throw_cards``, ``transfer_cards``, ``show_cards``) are what the engine's ``legal``, both native
playouts and both searches build their moves from, and engines/durak_kernel_compiled.py is the one
module that compiles the kernel for the compiled playout and the compiled search. The generators
themselves are held to the spec in tests/durak/test_kernel.py; here: that every implementation
really takes its moves from them (a changed generator changes each one) and that both compiled
users compile nothing of the kernel themselves.
"""

from __future__ import annotations

import ast
import inspect
import random
from pathlib import Path
from typing import Any

import pytest

from foolsolve.engines import durak as ed
from foolsolve.engines import durak_kernel
from foolsolve.engines import durak_kernel_compiled as dkc
from foolsolve.engines import durak_playout as dp
from foolsolve.engines import durak_playout_compiled as dpc
from foolsolve.solver.durak import compiled as durak_jit
from foolsolve.solver.durak import search as durak_search
from tests.durak.helpers import card, pos

KERNEL_FUNCTIONS = {name for name, f in vars(durak_kernel).items()
                    if inspect.isfunction(f) and f.__module__ == durak_kernel.__name__ and not name.startswith("_")}
"""The kernel's public functions (its rule decisions, move generators and flow of play)."""

LEAD = pos(hands=[["6H", "7D", "8C"], ["KH", "AD", "9C"]], table=[], to_move=0)
"""A lead whose every card the defender can cover (the attacker loses), and cannot otherwise."""


def _no_covers(hand: int, beaters: int) -> int:
    return 0


def test_the_engines_covers_are_the_generators() -> None:
    defence = ed.play(ed.from_spec_state(LEAD), (ed.ATTACK, 1 << card("6H").index, 0))
    assert any(m[0] == ed.COVER for m in ed.legal(defence))
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(ed, "cover_cards", _no_covers)
        assert [m[0] for m in ed.legal(defence)] == [ed.TAKE]


def test_the_python_playouts_covers_are_the_generators() -> None:
    defence = ed.play(ed.from_spec_state(LEAD), (ed.ATTACK, 1 << card("6H").index, 0))
    kinds = set()
    for seed in range(20):
        trace: list[tuple[int, int, int]] = []
        dp.playout(defence, random.Random(seed), 1, trace)
        kinds.add(trace[0][0])
    assert ed.COVER in kinds
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(dp, "cover_cards", _no_covers)
        for seed in range(20):
            trace = []
            dp.playout(defence, random.Random(seed), 1, trace)
            assert trace[0][0] == ed.TAKE


def test_the_python_searchs_covers_are_the_generators() -> None:
    s = ed.from_spec_state(LEAD)
    assert {v for _, v in durak_search.Solver(s.er, s.trump).move_values(s)} == {-1}
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(durak_search, "cover_cards", _no_covers)
        assert {v for _, v in durak_search.Solver(s.er, s.trump).move_values(s)} == {1}


def _kernel_calls(module: Any) -> set[str]:
    """The kernel functions a module calls, by their kernel names: those it imports from the
    kernel by name, and ``durak_kernel.NAME``."""
    tree = ast.parse(Path(inspect.getfile(module)).read_text())
    names: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == durak_kernel.__name__:
            names.update({a.asname or a.name: a.name for a in node.names if a.name in KERNEL_FUNCTIONS})
    called = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in names:
            called.add(names[node.id])
        elif (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "durak_kernel"
              and node.attr in KERNEL_FUNCTIONS):
            called.add(node.attr)
    return called


@pytest.mark.parametrize("module", [ed, dp, durak_search, dpc, durak_jit], ids=lambda m: m.__name__.rsplit(".", 1)[-1])
def test_every_implementation_calls_the_move_generators(module: Any) -> None:
    """No implementation computes the covers, the leads' heads or the throw-ins of a node on its
    own: each calls the kernel's generators (transfers and shows where it plays perevodnoy)."""
    wanted = {"cover_cards", "lead_heads", "throw_cards"}
    if module is not durak_jit:  # the compiled search covers simple and podkidnoy only
        wanted |= {"transfer_cards", "show_cards"}
    assert wanted <= _kernel_calls(module)


def test_the_kernel_is_compiled_by_one_module_for_both_compiled_users() -> None:
    assert set(dkc.SIGNATURES) == KERNEL_FUNCTIONS
    for name in KERNEL_FUNCTIONS:
        assert dkc.function(name) is dkc.function(name)
        assert dkc.function(name).py_func is getattr(durak_kernel, name)
    # the same bit intrinsics
    assert dpc._popc is durak_jit._popc is dkc.bit_count
    assert dpc._clz is durak_jit._clz is dkc.leading_zeros
    # each user binds every kernel function it calls to the shared dispatchers, the same objects
    bound = []
    for user in (dpc, durak_jit):
        assert set(user.KERNEL_NAMES.values()) == _kernel_calls(user)
        ns: dict[str, Any] = {}
        dkc.bind(ns, user.KERNEL_NAMES)
        bound.append({user.KERNEL_NAMES[g]: d for g, d in ns.items()})
    common = bound[0].keys() & bound[1].keys()
    assert {"lead_heads", "cover_cards", "throw_cards", "bout_cap"} <= common
    assert all(bound[0][name] is bound[1][name] for name in common)
    # the compiled search, loaded, calls them
    durak_jit.load(everything=True)
    for glob, name in durak_jit.KERNEL_NAMES.items():
        assert getattr(durak_jit, glob) is dkc.function(name)


@pytest.mark.parametrize("module", [dpc, durak_jit], ids=["playout", "search"])
def test_no_compiled_user_compiles_the_kernel_itself(module: Any) -> None:
    """Neither compiled user hands a kernel function to numba (``njit``) or to its own declaration
    (``_jit``): only engines/durak_kernel_compiled.py compiles them."""
    tree = ast.parse(Path(inspect.getfile(module)).read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            for arg in node.args:
                text = ast.unparse(arg)
                assert "durak_kernel." not in text and "getattr(durak_kernel" not in text, ast.unparse(node)


class _Codegen:
    def magic_tuple(self) -> tuple[str, str, str]:
        return ("x86_64-unknown-linux-gnu", "host", "")


@pytest.mark.parametrize("cache", [dpc._Cache, durak_jit._Cache], ids=["playout", "search"])
def test_both_compiled_users_key_their_cache_by_the_kernels_text(cache: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """numba checks only the stamp of a function's own file: each compiled user's cache entries are
    keyed by the kernel's and the compiled kernel's text too, so a rule change recompiles both."""
    assert issubclass(cache, dkc.KeyedCache)
    assert Path(durak_kernel.__file__).read_bytes() in dkc.KEY_TEXT
    assert Path(dkc.__file__).read_bytes() in dkc.KEY_TEXT
    func = dpc._play if cache is dpc._Cache else durak_jit.KERNELS[-1][1]
    try:
        c = cache(func)
    except RuntimeError:
        pytest.skip("numba finds no cache folder here")
    key = c._index_key("int64()", _Codegen())
    monkeypatch.setattr(dkc, "KEY_TEXT", dkc.KEY_TEXT + b"# a rule changed\n")
    assert c._index_key("int64()", _Codegen()) != key
