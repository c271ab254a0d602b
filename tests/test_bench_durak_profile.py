"""Smoke tests of the Durak kernel's measuring scripts: ``bench/durak_profile.py`` (a ``perf``
profile of the compiled search), ``bench/durak_census.py`` (its node census) and
``bench/durak_orders.py`` (its two move orders, each alone). The first two search
patched copies of ``solver/durak_jit.py``; a change to the kernel that makes a patch miss would
only show when someone next runs them, so the patches are checked here, and the profile's perf
map is checked to name the kernel's functions."""

from __future__ import annotations

import importlib.util
import os
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
KERNEL = (ROOT / "solver" / "durak_jit.py").read_text(encoding="utf-8")


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"{name}_under_test", ROOT / "bench" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.parametrize(("script", "patches"), [("durak_profile", "SPLIT"), ("durak_census", "PATCHES")])
def test_each_patch_of_the_kernel_applies_exactly_once(script: str, patches: str) -> None:
    for old, new in getattr(_load(script), patches):
        assert KERNEL.count(old) == 1, old
        assert old != new


def test_the_perf_map_names_the_kernels_functions() -> None:
    from foolsolve.solver import durak_jit

    if not durak_jit.AVAILABLE or not Path("/proc/self/maps").exists():
        pytest.skip("needs numba and Linux")
    profile = _load("durak_profile")
    from bench_durak import endgame  # on the path once durak_profile is loaded

    from foolsolve.engines.durak import from_spec_state
    from foolsolve.solver.durak import Reductions
    from foolsolve.spec.durak import SPEC

    s = from_spec_state(SPEC.state_from_json(endgame(4, random.Random("2026:4"))))
    durak_jit.JitEndgame(s.er, s.trump, Reductions(), threads=1, cards=8).value(s)
    base = profile.write_map(durak_jit)
    try:
        assert base == Path(f"/tmp/perf-{os.getpid()}")
        rows = [line.split() for line in Path(f"{base}.map").read_text().splitlines()]
        names = {name for _, _, name in rows}
        assert {"_run", "_search", "_lget", "_canon", "_columns"} <= names
        starts = [int(p, 16) for p, _, _ in rows]
        assert starts == sorted(starts) and all(int(size, 16) > 0 for _, size, _ in rows)
        code = Path(f"{base}.code").read_bytes()
        idx = [line.split() for line in Path(f"{base}.idx").read_text().splitlines()]
        assert sum(int(size, 16) for _, size, _, _ in idx) == len(code)
    finally:
        for ext in ("map", "code", "idx"):
            Path(f"{base}.{ext}").unlink(missing_ok=True)


def test_the_orders_script_values_every_move_in_both_orders_as_the_python_search_does() -> None:
    """``durak_orders.one_thread``: each order, alone on one thread, values a seeded 7v7 position's
    moves as the Python search does, and a cap stops a search as unfinished."""
    from foolsolve.solver import durak_jit

    if not durak_jit.AVAILABLE:
        pytest.skip("needs numba")
    orders = _load("durak_orders")
    from bench_durak import endgame  # on the path once durak_orders is loaded

    from foolsolve.engines.durak import from_spec_state
    from foolsolve.solver.durak import Endgame
    from foolsolve.spec.durak import SPEC

    s = from_spec_state(SPEC.state_from_json(endgame(7, random.Random("2026:7"))))
    want = [v for _, v in Endgame(s.er, s.trump).move_values(s)]
    for helper_order in (False, True):
        _, nodes, values = orders.one_thread(s, helper_order, 600)
        assert values == want and nodes is not None and nodes > 0
    s10 = from_spec_state(SPEC.state_from_json(endgame(10, random.Random("2026:10"))))
    assert orders.one_thread(s10, False, 0.2)[1:] == (None, None)
