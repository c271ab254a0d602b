"""Mutation testing of the rules: do the tests catch a wrong rule?

Seeded samples of single-point mutants (cosmic-ray's operators: comparisons, boolean and
arithmetic operators, numbers, ``break``/``continue``, removed decorators ...) of each game's
``spec/GAME.py`` and ``engines/GAME.py``, each run against that game's tests with the
hypothesis ``ci`` profile. A mutant is *killed* when the tests fail (or time out), *survives*
when they pass. Survivors that are equivalent to the original (no test can tell them apart)
belong in :data:`EQUIVALENT` with a one-line reason; every other survivor is a rule no test
catches.

The mutants are made in a copy of the checkout (cosmic-ray edits files in place), never in the
working tree. ::

    python bench/mutation.py --sample 20 --seed 1 --out mutation.json
    python bench/mutation.py --games durak --modules engines --sample 50

Prints the score per module (killed / (mutants - equivalent)) and the survivors with their diffs;
``--out`` writes them as JSON. Needs ``pip install cosmic-ray``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

GAME_TESTS: dict[str, list[str]] = {
    # module stem -> the tests that check that game's rules (fast ones: no solver cross-checks)
    "durak": ["tests/test_durak_spec.py", "tests/test_durak_positions.py", "tests/test_why.py",
              "tests/test_rule_gaps.py", "tests/test_durak_properties.py", "tests/test_durak_engine_playout.py"],
    "fools_and_angels": ["tests/test_fools_and_angels_rules.py", "tests/test_fools_and_angels_positions.py",
                         "tests/test_fools_and_angels_conformance.py", "tests/test_why.py", "tests/test_rule_gaps.py"],
    "fools_paradise": ["tests/test_fools_paradise_rules.py", "tests/test_fools_paradise_positions.py",
                       "tests/test_fools_paradise_conformance.py", "tests/test_fools_paradise_engine.py",
                       "tests/test_fools_paradise_engine_playout.py", "tests/test_why.py"],
}
GENERIC_TESTS = ["tests/test_perft_files.py", "tests/test_playthroughs.py", "tests/test_engine_deals.py"]
"""Run for every game, selected with ``-k`` by the game's registry name."""
REGISTRY_NAME = {"durak": "durak", "fools_and_angels": "fools and angels", "fools_paradise": "fools and paradise"}
"""The ``-k`` expression that selects a game's cases of the generic tests."""

EQUIVALENT: dict[tuple[str, str, str], str] = {
    # (module, function, the mutated line as cosmic-ray writes it, stripped) -> why no test can tell
    ("spec/durak.py", "legal_throws",
     "if not state.rules.has_throw_ins or len(state.table) + 1 >= cap(state):"):
        "fast path only: throw_reasons rejects the same throws card by card",
    ("spec/fools_and_angels.py", "apply", "o = 1 ^ p"): "p is 0 or 1, where 1 ^ p == 1 - p",
    ("engines/durak.py", "game_result", "def game_result(s: EngineState) -> Result << None:"):
        "an annotation, never evaluated (from __future__ import annotations)",
    ("engines/durak.py", "_attacks", "dup = hand & (hand >> 16 | hand >> 32 | hand >> 48) if k != 1 else 0"):
        "k (the cap) is at least 1 at a lead, where k != 1 and k > 1 agree",
    ("engines/fools_paradise.py", "_entries", "size *= c + 0"):
        "size only picks one of two searches with equal answers (outright listing or meet-in-the-middle)",
    ("spec/fools_paradise.py", "read_move", 'return Reveal(cards[0], "hand" if kind <= "draw" else "centre")'):
        'kind is "draw" or "reveal" there, and "reveal" > "draw": <= and == agree',
    ("engines/fools_paradise.py", "None", "_HAND_WITH_ACES: dict[int, list[bytes ^ None]] = {}"):
        "an annotation, never evaluated (from __future__ import annotations)",
}


def mutants(path: Path) -> list[Any]:
    """Every single-point mutant cosmic-ray's default operators make of one module."""
    from cosmic_ray.commands.init import _all_work_items

    return [item.mutations[0] for item in _all_work_items([path], {})]


def changed_line(diff: str) -> str:
    """The first added line of a unified diff, stripped."""
    for line in diff.splitlines():
        if line.startswith("+") and not line.startswith("+++"):
            return line[1:].strip()
    return ""


def run_one(copy: Path, rel: str, mutation: Any, tests: list[str], generic_k: str, timeout: float) -> dict[str, Any]:
    """Apply one mutant in the copy and run the game's tests there."""
    from cosmic_ray.mutating import mutate_and_test
    from cosmic_ray.work_item import MutationSpec

    env_python = sys.executable
    files = " ".join(tests)
    generic = " ".join(GENERIC_TESTS)
    cmd = (f"{env_python} -m pytest -x -q -p no:cacheprovider {files} && "
           f"{env_python} -m pytest -x -q -p no:cacheprovider {generic} -k '{generic_k}'")
    spec = MutationSpec(module_path=str(copy / rel), operator_name=mutation.operator_name,
                        operator_args=mutation.operator_args, occurrence=mutation.occurrence,
                        start_pos=mutation.start_pos, end_pos=mutation.end_pos,
                        definition_name=mutation.definition_name)
    old = os.getcwd()
    os.chdir(copy)
    try:
        t0 = time.monotonic()
        result = mutate_and_test([spec], f"bash -c \"{cmd}\"", timeout)
    finally:
        os.chdir(old)
    status = result.test_outcome if result.test_outcome is not None else result.worker_outcome
    outcome = str(getattr(status, "value", status))
    diff = (result.diff or "").replace(str(copy) + "/", "")
    return {"module": rel, "function": mutation.definition_name, "operator": mutation.operator_name,
            "occurrence": mutation.occurrence, "line": mutation.start_pos[0], "outcome": outcome,
            "mutated": changed_line(diff), "diff": diff, "seconds": round(time.monotonic() - t0, 1)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", nargs="*", default=sorted(GAME_TESTS), help="module stems (default: all)")
    ap.add_argument("--modules", nargs="*", default=["spec", "engines"], choices=["spec", "engines"])
    ap.add_argument("--sample", type=int, default=20, help="mutants per module (seeded sample)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--timeout", type=float, default=600.0, help="seconds per mutant (a timeout counts as killed)")
    ap.add_argument("--out", type=Path, default=None, help="write the results here (JSON)")
    a = ap.parse_args(argv)
    unknown = sorted(set(a.games) - set(GAME_TESTS))
    problem = ("--sample: at least 1" if a.sample < 1 else
               f"--games: no such game module {unknown[0]!r} (known: {', '.join(sorted(GAME_TESTS))})" if unknown
               else None)
    if problem:
        print(f"mutation.py: error: {problem}", file=sys.stderr)
        return 2
    try:
        import cosmic_ray  # noqa: F401
    except ImportError:
        print("bench/mutation.py: error: needs cosmic-ray (pip install cosmic-ray)", file=sys.stderr)
        return 2
    os.environ["HYPOTHESIS_PROFILE"] = "ci"
    rows: list[dict[str, Any]] = []
    summary: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory(prefix="foolsolve-mutation-") as tmp:
        copy = Path(tmp) / "checkout"
        shutil.copytree(ROOT, copy, symlinks=True, ignore=shutil.ignore_patterns(".venv", ".git", "__pycache__",
                                                                                  "*.sqlite", ".hypothesis"))
        os.environ["PYTHONPATH"] = str(copy)
        for game in a.games:
            for kind in a.modules:
                rel = f"{kind}/{game}.py"
                if not (copy / rel).exists():
                    continue
                everything = mutants(copy / rel)
                rng = random.Random(f"{a.seed}:{rel}")
                chosen = rng.sample(everything, min(a.sample, len(everything)))
                done = []
                for i, m in enumerate(chosen):
                    row = run_one(copy, rel, m, GAME_TESTS[game], REGISTRY_NAME[game], a.timeout)
                    key = (rel, row["function"], row["mutated"])
                    if row["outcome"] == "survived" and key in EQUIVALENT:
                        row["outcome"] = "equivalent"
                        row["reason"] = EQUIVALENT[key]
                    done.append(row)
                    print(f"{rel} {i + 1}/{len(chosen)} {row['outcome']:11} {row['function']}: {row['mutated']} "
                          f"({row['seconds']} s)", file=sys.stderr, flush=True)
                rows += done
                counted = [r for r in done if r["outcome"] in ("killed", "survived")]
                killed = sum(r["outcome"] == "killed" for r in counted)
                summary[rel] = {"mutants_in_module": len(everything), "sampled": len(done), "killed": killed,
                                "survived": len(counted) - killed,
                                "equivalent": sum(r["outcome"] == "equivalent" for r in done),
                                "other": sum(r["outcome"] not in ("killed", "survived", "equivalent") for r in done),
                                "score": round(killed / len(counted), 3) if counted else None}
    for rel, s in summary.items():
        score = "n/a" if s["score"] is None else f"{100 * s['score']:.0f}%"
        print(f"{rel}: {s['killed']}/{s['killed'] + s['survived']} killed ({score}) of {s['sampled']} sampled "
              f"from {s['mutants_in_module']}; {s['equivalent']} equivalent, {s['other']} not run")
    for r in rows:
        if r["outcome"] == "survived":
            print(f"SURVIVED {r['module']}:{r['line']} {r['function']} ({r['operator']}): {r['mutated']}")
    if a.out is not None:
        a.out.write_text(json.dumps({"seed": a.seed, "sample": a.sample, "summary": summary, "mutants": rows},
                                    indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
