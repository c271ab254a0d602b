"""The Durak solver under other Python interpreters, side by side in one run.

    python bench/durak_interpreters.py PYTHON [PYTHON ...] [--size 8] [--positions 0 7 9 11 12]
                                       [--rounds 2]

Each PYTHON is an interpreter with this project's run-time dependencies importable (a venv
with ``click`` and ``jsonschema`` is enough; the package itself is put on ``PYTHONPATH``). Every
round runs each interpreter once, in a rotating order, in a fresh process that solves the
bench's seeded positions (``bench_durak.py``'s ``endgame``, every root move valued, no principal
variation) and reports seconds and nodes per position; the script stops if two interpreters
disagree on a value or a node count. Prints a Markdown table: total seconds per round and the
ratio to the first interpreter.

An interpreter older than Python 3.10 (Debian's PyPy 7.3.11 is 3.9) cannot import the package
as written (``int.bit_count``, ``dataclass(slots=True)``, ``X | Y`` unions at run time). For such
an interpreter the script solves from a rewritten copy in a temporary directory
(:func:`rewrite_for_39`: those three constructs replaced by 3.9 equivalents through the
``ast`` module, nothing else changed); the table says so.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def worker(size: int, positions: list[int]) -> None:
    """Solve the positions in this process; one JSON line per position on stdout."""
    import random

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from bench_durak import endgame

    from foolsolve.solver.base import SolveOptions
    from foolsolve.solver.durak import solve
    from foolsolve.spec.durak import SPEC

    rng = random.Random(f"2026:{size}")
    states = [SPEC.state_from_json(endgame(size, rng)) for _ in range(max(positions) + 1)]
    for i in positions:
        t0 = time.perf_counter()
        res = solve(states[i], SolveOptions(extra={"pv": False}))
        print(json.dumps({"position": i, "value": res.value, "nodes": res.nodes,
                          "seconds": time.perf_counter() - t0}), flush=True)


class _To39(ast.NodeTransformer):
    """``x.bit_count()`` -> ``_popcount(x)``; ``slots=``/``kw_only=`` dropped from ``dataclass``;
    ``A | B`` of class names -> ``typing.Union[A, B]``; ``zip(..., strict=)`` -> ``zip(...)``."""

    def __init__(self) -> None:
        self.popcount = False

    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        f = node.func
        if isinstance(f, ast.Attribute) and f.attr == "bit_count" and not node.args:
            self.popcount = True
            return ast.Call(func=ast.Name("_popcount", ast.Load()), args=[f.value], keywords=[])
        name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
        drop = {"dataclass": ("slots", "kw_only"), "field": ("kw_only",), "zip": ("strict",)}.get(name, ())
        node.keywords = [k for k in node.keywords if k.arg not in drop]
        return node

    def visit_BinOp(self, node: ast.BinOp) -> ast.AST:
        leaves: list[ast.expr] = []

        def walk(n: ast.expr) -> None:
            if isinstance(n, ast.BinOp) and isinstance(n.op, ast.BitOr):
                walk(n.left)
                walk(n.right)
            else:
                leaves.append(n)

        def is_type(n: ast.expr) -> bool:
            if isinstance(n, ast.Constant):
                return n.value is None
            if isinstance(n, ast.Subscript):
                n = n.value
            return isinstance(n, ast.Name) and (n.id[:1].isupper() or n.id in ("int", "str", "float", "bool"))

        if isinstance(node.op, ast.BitOr):
            walk(node)
            if all(is_type(x) for x in leaves) and any(isinstance(x, ast.Name) and x.id[:1].isupper() for x in leaves):
                typing = ast.Call(func=ast.Name("__import__", ast.Load()), args=[ast.Constant("typing")], keywords=[])
                return ast.Subscript(value=ast.Attribute(value=typing, attr="Union", ctx=ast.Load()),
                                     slice=ast.Tuple(elts=leaves, ctx=ast.Load()), ctx=ast.Load())
        self.generic_visit(node)
        return node


def rewrite_for_39(dest: Path) -> None:
    """Copy the package and the bench scripts into ``dest``, rewritten for Python 3.9."""
    for part in ("foolsolve", "spec", "engines", "solver", "proofs", "bench"):
        shutil.copytree(ROOT / part, dest / part, symlinks=True)
    for p in dest.rglob("*.py"):
        if p.is_symlink():
            continue
        t = _To39()
        tree = t.visit(ast.parse(p.read_text()))
        lines = ast.unparse(tree).split("\n")
        if t.popcount:
            at = max((i + 1 for i, line in enumerate(lines) if line.startswith("from __future__")), default=0)
            lines.insert(at, "from foolsolve._popcount39 import popcount as _popcount")
        p.write_text("\n".join(lines) + "\n")
    (dest / "foolsolve" / "_popcount39.py").write_text("def popcount(x):\n    return bin(x).count('1')\n")


def version(python: str) -> tuple[int, int, str]:
    out = subprocess.run([python, "-c", "import sys, platform; print(sys.version_info[0], sys.version_info[1], "
                          "platform.python_implementation() + ' ' + platform.python_version())"],
                         capture_output=True, text=True, check=True).stdout.split(maxsplit=2)
    return int(out[0]), int(out[1]), out[2].strip()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pythons", nargs="*")
    ap.add_argument("--size", type=int, default=8)
    ap.add_argument("--positions", type=int, nargs="+", default=[0, 7, 9, 11, 12])
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.worker:
        worker(a.size, a.positions)
        return
    if not a.pythons:
        ap.error("name at least one interpreter")
    with tempfile.TemporaryDirectory() as tmp:
        runs: list[tuple[str, str, Path]] = []
        for py in a.pythons:
            major, minor, label = version(py)
            root = ROOT
            if (major, minor) < (3, 10):
                root = Path(tmp) / f"py39-{len(runs)}"
                rewrite_for_39(root)
                label += " (3.9 rewrite)"
            runs.append((py, label, root))
        totals: dict[str, list[float]] = {label: [] for _, label, _ in runs}
        seen: dict[int, tuple[str, int]] = {}
        for rnd in range(a.rounds):
            for k in range(len(runs)):
                py, label, root = runs[(k + rnd) % len(runs)]
                env = {**os.environ, "PYTHONPATH": str(root)}
                cmd = [py, str(root / "bench" / "durak_interpreters.py"), "--worker", "--size", str(a.size),
                       "--positions", *map(str, a.positions)]
                out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True).stdout
                total = 0.0
                for line in out.splitlines():
                    r = json.loads(line)
                    got = (r["value"], r["nodes"])
                    if seen.setdefault(r["position"], got) != got:
                        raise SystemExit(f"{label}: position {r['position']} gave {got}, another run {seen[r['position']]}")
                    total += r["seconds"]
                totals[label].append(total)
                print(f"  round {rnd}: {label}: {total:.2f} s", file=sys.stderr, flush=True)
    first = runs[0][1]
    print(f"{a.size}v{a.size} positions {a.positions}, {a.rounds} rounds, every root move valued\n")
    print("| interpreter | seconds per round | vs " + first + " |")
    print("|---|---|---|")
    for _, label, _ in runs:
        ratio = sum(totals[label]) / sum(totals[first])
        print(f"| {label} | {', '.join(f'{t:.2f}' for t in totals[label])} | {ratio:.2f}x the time |")


if __name__ == "__main__":
    main()
