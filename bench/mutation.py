"""Mutation testing of the rules: do the tests catch a wrong rule?

Seeded samples of single-point mutants (cosmic-ray's operators: comparisons, boolean and
arithmetic operators, numbers, ``break``/``continue``, removed decorators ...) of every module
that holds a game's rules -- ``spec/GAME.py``, ``engines/GAME.py`` and the engines' native
playouts -- each run against that game's tests with the hypothesis ``ci`` profile; on request
(``--modules hidden solver`` or their paths) also the hidden-information code (``foolsolve/worlds.py``,
``foolsolve/seat.py``, ``foolsolve/stats.py``: :data:`HIDDEN_TESTS`) and the exact open-hand solvers
(``solver/GAME/search.py``: :data:`SOLVER_TESTS`), each against the test files that check it. A mutant is
*killed* when the tests fail (or time out), *survives* when they pass. Survivors that are
equivalent to the original (no test can tell them apart) belong in :data:`EQUIVALENT` with a
one-line reason; every other survivor is a rule no test catches.

Every sampled mutant is run (no test selection by coverage): one ``pytest -x`` process over the
game's tests in an order that fails early -- the tests that killed earlier mutants of the game and
the cheapest tests first (durations from one unmutated baseline run per game, which must pass).
The mutants are made in a copy of the checkout (cosmic-ray edits files in place), never in the
working tree; each mutant runs with its module's bytecode removed and an empty numba cache (a
cached compiled function would hide a mutant of the source or of a constant it reads). ::

    python bench/mutation.py --sample 20 --seed 1 --out /tmp/mutation.json
    python bench/mutation.py --games durak --modules engines --sample 50 --out /tmp/m.json
    python bench/mutation.py --modules engines/foolery_native.py --sample 5 --out /tmp/m.json
    python bench/mutation.py --modules hidden solver --sample 10 --out /tmp/hidden.json
    python bench/mutation.py --rerun-survivors --out /tmp/mutation.json
    python bench/mutation.py --report --out /tmp/mutation.json

The modules take turns (one mutant each, round robin), so a run stopped early has even samples.
``--out`` is written after every mutant: Ctrl-C, ``kill PID`` (or a crash) keeps what finished, and
the same command again runs only the mutants not yet done (a bigger ``--sample`` with the same seed
adds mutants to the same sample). ``--rerun-survivors`` runs the survivors recorded in ``--out``
again with today's tests (the score after fixes; the first outcome is kept); ``--report`` only
prints. The score per module is killed / (killed + survived), equivalent mutants left out; a
survivor that changes nothing but an annotation is equivalent by :data:`ANNOTATION_ONLY`. Each test
process may use 4 GiB of address space (:data:`MEMORY_LIMIT`): a mutant that grows without end
fails there. Needs cosmic-ray (``pip install -e '.[mutation]'``).
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import hashlib
import json
import os
import queue
import random
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import xml.etree.ElementTree as ET
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchkit import Parser, fail, header, positive_float, positive_int

from foolsolve import games
from foolsolve.errors import InputError

ROOT = Path(__file__).resolve().parent.parent
PROG = "mutation.py"


@dataclass(frozen=True)
class Game:
    """One game: the modules holding its rules and the tests that check them."""

    modules: tuple[str, ...]
    tests: tuple[str, ...]
    """Test files run whole (fast rule, position, engine and playout tests: no solver cross-checks)."""
    tags: tuple[str, ...]
    """The game's test ids in :data:`SHARED_TESTS` contain one of these."""


FAST_TESTS = ("test_rules", "test_spec", "test_positions", "test_properties", "test_redeal", "test_conformance",
              "test_perft", "test_playout_tables", "test_engine")
"""A game's test files run whole: those named so (``test_engine`` also covers ``test_engine_*``): rule, position,
engine and playout tests, no solver cross-checks."""


def _game(stem: str, name: str) -> Game:
    """A registered game's rule modules (its spec, its engine and the engine's companions) and tests, read off the
    layout: spec/STEM.py, engines/STEM.py and engines/STEM_*.py, tests/STEM/ (docs/architecture.md)."""
    engines = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "engines").glob(f"{stem}_*.py"))
    tests = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "tests" / stem).glob("test_*.py")
                   if p.stem in FAST_TESTS or p.stem.startswith("test_engine_"))
    return Game((f"spec/{stem}.py", f"engines/{stem}.py", *engines), tuple(tests), (name, f"::test_{stem}_"))


GAMES: dict[str, Game] = {info.name.replace("-", "_"): _game(info.name.replace("-", "_"), info.name)
                          for info in games.all_games()}
"""Every registered game, by module stem."""
SHARED_TESTS = ("tests/generic/test_why.py", "tests/generic/test_rule_gaps.py", "tests/generic/test_rule_labels.py",
                "tests/generic/test_perft.py", "tests/generic/test_playthroughs.py", "tests/generic/test_engine_deals.py",
                "tests/generic/test_conformance.py")
"""Files with tests of several games; a game runs the ones whose id has one of its tags."""
HIDDEN_TESTS = {
    "worlds": ("tests/generic/test_worlds.py", "tests/generic/test_seat_intervals.py",
               "tests/fools_paradise/test_views.py"),  # two decks: worlds with duplicate cards
    "seat": ("tests/generic/test_seat_intervals.py", "tests/generic/test_seat_uct.py", "tests/generic/test_seat_deeper.py",
             "tests/generic/test_seat_settings.py", "tests/generic/test_seat_behind.py",
             "tests/fools_paradise/test_seat.py", "tests/durak/test_seat.py"),
    "stats": ("tests/generic/test_stats.py", "tests/generic/test_seat_intervals.py",
              "tests/three_fools/test_simulate.py::test_wilson_interval",
              *(f"tests/generic/test_arena.py::{t}" for t in (
                  "test_wilson_interval_of_known_proportions", "test_elo_of_two_players_is_the_log_odds_of_their_score",
                  "test_elos_prior_is_one_virtual_win_and_one_virtual_loss_a_pair_as_the_docs_say",
                  "test_elo_is_the_maximum_likelihood_fit"))),
}
"""The hidden-information modules (``foolsolve/NAME.py``: the world sampler and its counts, the answer from a seat
with PIMC, IS-MCTS and its intervals, the statistics) and the test files that check them (``FILE::TEST``: one test
of a file, with its parameters)."""
SOLVER_TEST_FILES = ("test_solver.py", "test_search_tree.py")
"""The test files (in tests/GAME/) that check a game's exact open-hand solver."""
SOLVER_TESTS = {stem: tests for stem in GAMES if (ROOT / "solver" / stem / "search.py").exists()
                and (tests := tuple(f"tests/{stem}/{name}" for name in SOLVER_TEST_FILES
                                    if (ROOT / "tests" / stem / name).exists()))}
"""A game's exact open-hand solver (``solver/GAME/search.py``) and the test files that check it, read off the layout."""
OTHERS: dict[str, Game] = {
    **{name: Game((f"foolsolve/{name}.py",), tests, ()) for name, tests in HIDDEN_TESTS.items()},
    **{f"solver_{stem}": Game((f"solver/{stem}/search.py",), tests, ()) for stem, tests in SOLVER_TESTS.items()},
}
"""The modules besides the rules (by target name; no tags: only their own test files run)."""
KINDS = ("spec", "engines", "hidden", "solver")
"""The module groups ``--modules`` takes: a game's spec, its engine modules, the hidden-information modules of
:data:`HIDDEN_TESTS`, the games' solvers of :data:`SOLVER_TESTS`."""
TARGETS: dict[str, Game] = {**GAMES, **OTHERS}
MODULES = {rel: target for target, g in TARGETS.items() for rel in g.modules}

EQUIVALENT: dict[tuple[str, str, str], str] = {
    # (module, function, the mutated line as cosmic-ray writes it, stripped) -> why no test can tell; a line met
    # more than once in its function is written after the line before it in the original: "before ⏎ mutated"
    ("spec/durak.py", "legal_throws",
     "if not state.rules.has_throw_ins or len(state.table) + 1 >= cap(state):"):
        "fast path only: throw_reasons rejects the same throws card by card",
    ("spec/durak.py", "transfer_reasons", "def transfer_reasons(state: State, card: Card, /, show: bool) -> list[Reason]:"):
        "only how arguments may be passed (state, card positional-only, show no longer keyword-only): every call "
        "passes state and card by position and names show=, so the rule is the same",
    ("spec/foolery.py", "follows", "suited = [c for c in hand if c.suit is not TRUMP]"):
        "every card is an object of the tarot table, whose trumps carry the TRUMP object itself: is not and != agree",
    ("spec/fools_and_angels.py", "apply", "o = 1 ^ p"): "p is 0 or 1, where 1 ^ p == 1 - p",
    ("engines/durak.py", "_attacks", "dup = hand & (hand >> 16 | hand >> 32 | hand >> 48) if k != 1 else 0"):
        "k (the cap) is at least 1 at a lead, where k != 1 and k > 1 agree",
    ("engines/fools_paradise.py", "_entries", "size *= c + 0"):
        "size only picks one of two searches with equal answers (outright listing or meet-in-the-middle)",
    ("engines/fools_paradise.py", "_subset_sum", "if len(opts) == 3:"):
        "the meet-in-the-middle finds the same combinations as the direct listing for any number of lists",
    ("spec/fools_paradise.py", "state_from_json", "if listed < total:"):
        "listed > total cannot happen there: each card was counted at most decks times (checked just above)",
    ("engines/durak_playout.py", "_nth_bit", "if not 2 * i < n - 1:"):
        "both walks find the i-th lowest set bit (clearing from the low or from the high end); the test picks the shorter",
    ("engines/foolery_native.py", "_hands5", "win = scr[ 17:21]"):
        "compiled without bounds checks: win[4] is then scr[21], which nothing reads or writes before the "
        "straights are done (the flush loop rewrites it as ranks[0])",
    ("spec/fools_and_angels.py", "apply", "hands[p] = (hands[p] ^ set(move.cards)) | frozenset(pool[:k])"):
        "the exchanged cards are in the hand (apply asked why_illegal first), where ^ and - agree",
    ("engines/foolery.py", "legal_moves", "ranks = (hand | hand >> 16 | hand >> 32 | hand >> 48) & 32767"):
        "bit 0 of each suit's 16 bits holds no card (suit ranks are 1..14, trumps start at bit 64): 0x7FFF and "
        "0x7FFE agree",
    ("engines/foolery_native.py", "_run", "places[q] = _first_free(places, n) ⏎ continue"):
        "the break ends the loop once everyone is placed, where the loop's own condition (someone active) ends it too",
    ("engines/three_fools.py", "chance_outcomes", "if ph == P_ROSHAMBO or ph is P_TIE:"):
        "ph is always one of the engine's P_ constants 0..6, plain ints, and CPython keeps one object per int in "
        "-5..256 (is would differ for big ints or other number types, which never get here)",
    ("engines/foolery.py", "_combo", "if len(trumps) == 1 and t <= 14 and all(r <= t for _, r in suits):"):
        "only legal plays reach _combo (a move of legal_moves, a table the spec checked), and a legal 5-card play "
        "with a trump is a five of a kind, whose suit cards all have rank t",
    ("engines/three_fools.py", "_strength_table", "up[i] = 99 if r == JOKER else r"):
        "the Joker's strength only has to be above every other card's (at most 16): 99 and 100 compare alike",
    ("engines/three_fools.py", "to_spec", "(hand(s[H0]), hand(s[H0 + 1]), hand(s[H0 ** 2])),"):
        "H0 is 2, and 2 ** 2 == 2 + 2",
    ("spec/fools_and_angels.py", "state_from_json", "if phase == TEMPT and turns_done < 2:"):
        "the schema lets only turns_done 0, 1 or 2 through, where < 2 and != 2 agree",
    ("engines/durak_playout.py", "None",
     "_DRAW_BITS: tuple[int, ...] = tuple(n.bit_length() for n in range(_MOST_CHOICES | 1))"):
        "1023 | 1 leaves out only entry 1023, and no decision has 1023 moves (_MOST_CHOICES' bound)",
    ("spec/foolery.py", "five_card_hands",
     "cands.update(_sorted(x) for x in itertools.combinations([c for c in suited if c.suit is not suit], 5))"):
        "candidates only: the cards of the other suits hold every flush of this one, the classifier drops the rest",
    ("engines/fools_paradise.py", "__init__", 'self.collected = rules.played_card <= "collected"'):
        'played_card is "collected" or "stays", and "stays" > "collected": <= and == agree',
    ("engines/foolery.py", "apply",
     "if top is not None and combo[0] == SET and top[0] is SET and combo[1] <= 2 and combo[2] == top[2]:"):
        "a play's kind is one of the engine's small int constants, which CPython keeps one object each: is and == agree",
    ("engines/fools_paradise.py", "legal_moves", "if cand.bit_count() != SMALL_CENTRE:"):
        "picks one of two listings of the same collections (the big-centre search or the subset table)",
    ("engines/fools_and_angels.py", "None", "USED = PIPS % FACES"):
        ("not read by the engine's rules; only the card-table proof reads it (tests/generic/test_proofs.py, outside the "
         "game's set)"),
    ("engines/foolery_native.py", "_trump_sets", "out_t[n] = top + (1 << ts[a])"):
        "ts[a] < t (a < i, ts ascending): the two bits are distinct, where + and | agree",
    ("engines/foolery.py", "_combo", "trumps = [i - 64 for i in idx if i > 64]"):
        "i == 64 is the Fool, and a mask with the Fool returned above: i > 64 and i >= 64 agree here",
    ("spec/fools_and_angels.py", "attack_moves", "for k in range(min(len(faces), 5 * n) + 1):"):
        "attack_reasons rejects every set of more than five cards (and more than one face card under the other "
        "reading): the bound only skips sets it would reject",
    ("engines/foolery.py", "legal_moves",
     "above = key if kind == TRUMPS else (key & 15 if kind <= HAND and key >> 4 == FIVE else 0)"):
        "kind <= HAND adds SET, whose key is a rank (below 16), so key >> 4 == FIVE is false for it",
    ("spec/foolery.py", "follows", 'if top.kind >= "fool":'):
        'the other kinds ("hand", "set", "trumps") are all >= "fool", and a Fool never lies on the table (it ends '
        "the trick at once; a position with it there is refused), so top.kind is never \"fool\" here",
    ("spec/foolery.py", "state_from_json", 'if phase < "play" and (table or played):'):
        "unreachable either way: in an exchange phase every hand holds exactly its deal size (checked just above), "
        "all 78 cards, so nothing is on the table or played",
    ("engines/durak_playout.py", "playout", "if hands.count(0) >= dead:  # somebody new has no cards"):
        "players out hold no cards, so the count is never below dead; when equal, the empty hands are the "
        "players out, goes_out gives back the same seats and the block changes nothing",
    ("spec/fools_paradise.py", "read_move", 'return Reveal(cards[0], "hand" if kind <= "draw" else "centre")'):
        'kind is "draw" or "reveal" there, and "reveal" > "draw": <= and == agree',
    ("solver/fools_paradise/search.py", "None", "INF = 10<<9"):
        "5,120 is still above every score and score gap: 8 decks hold 3,328 card points at most (ace high), and "
        "there are fewer clears than cards (416)",
    ("solver/foolery/search.py", "key", "tag = 2 - 2 * links"):
        "links is 0 or a relabelled mask of at least four ranks' places, each at bit 1 or above (value_table numbers "
        "places from 1), so even and at least 30: the tags 2 - 2 * links and 3 - 2 * links are 2 and 3 at 0 and "
        "distinct values of at most -57 otherwise, never the raw keys' 0 and 1, so keys are equal exactly where the "
        "original's are (the tables only compare keys)",
    ("solver/foolery/search.py", "search_order", "return (1, 1)"):
        "every other move's key starts with minus its card count (at most -1), so pass comes last either way",
    ("solver/fools_and_angels/search.py", "solve", "best=[m.move for m in moves if m.value >= value], notes=notes)"):
        'value is "win" where a move wins, else every move is "loss", and "loss" < "win": >= and == agree',
    ("solver/fools_and_angels/search.py", "__call__",
     "s0, s1, s2 = (h0 >> hi) >> _PIP_RANKS, (h1 >> hi) & _PIP_RANKS, (at >> hi) & _PIP_RANKS"):
        "s0 becomes 0, so fewer ranks are swapped: each swap is still a symmetry of the position, the canonical "
        "form only finds fewer transpositions (values unchanged)",
    ("solver/fools_paradise/search.py", "search", "if v is not beta:"):
        "v < best there, and beta only follows best down once best is below it: setting beta to a v at or above it "
        "widens the window, which changes the pruning, not the value (the table's bounds use the window passed in)",
}


def mutants(path: Path, operators: list[str] | None = None) -> list[Any]:
    """Every single-point mutant cosmic-ray's default operators (or the named ones) make of one
    module, in cosmic-ray's order (``cosmic-ray init``'s work items)."""
    from cosmic_ray.ast import ast_nodes, get_ast_from_path
    from cosmic_ray.ast.ast_query import ASTQuery
    from cosmic_ray.commands.init import _operators
    from cosmic_ray.work_item import MutationSpec

    tree = get_ast_from_path(path)
    out = []
    for name, args, operator in _operators({}):
        if operators is not None and name not in operators:
            continue
        positions = ((node, start, end) for node in ast_nodes(tree) for start, end in operator.mutation_positions(node))
        for occurrence, (node, start, end) in enumerate(positions):
            out.append(MutationSpec(module_path=str(path), operator_name=name, operator_args=args, occurrence=occurrence,
                                    start_pos=start, end_pos=end, definition_name=ASTQuery(node).get_definition_name()))
    return out


def sample(everything: list[Any], seed: int, rel: str, n: int) -> list[Any]:
    """The seeded sample: the first ``n`` of a seeded shuffle, so a bigger ``n`` extends a smaller one."""
    order = list(everything)
    random.Random(f"{seed}:{rel}").shuffle(order)
    return order[:n]


def key_of(rel: str, digest: str, m: Any) -> str:
    """A mutant's identity: module, the module's source, operator, occurrence."""
    return f"{rel}@{digest[:12]}:{m.operator_name}:{m.occurrence}"


def changed_line(diff: str) -> str:
    """The first added line of a unified diff, stripped."""
    for line in diff.splitlines():
        if line.startswith("+") and not line.startswith("+++"):
            return line[1:].strip()
    return ""


ANNOTATION_ONLY = "only an annotation changes, and annotations are never evaluated (from __future__ import annotations)"
"""The reason of every survivor whose module differs from the original in annotations only (checked on
the syntax trees, :func:`annotation_only`): no code here reads annotations (``typing.get_type_hints``)."""


def annotation_only(original: str, mutated: str) -> bool:
    """Whether two sources differ only in annotations (of arguments, returns and variables)."""

    def bare(source: str) -> str:
        tree = ast.parse(source)
        if not any(isinstance(n, ast.ImportFrom) and n.module == "__future__"
                   and any(a.name == "annotations" for a in n.names) for n in tree.body):
            return source  # annotations are evaluated: compare everything
        for node in ast.walk(tree):
            if isinstance(node, ast.arg):
                node.annotation = None
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                node.returns = None
            elif isinstance(node, ast.AnnAssign):
                node.annotation = ast.Constant(None)
        return ast.dump(tree)

    try:
        return bare(original) == bare(mutated)
    except SyntaxError:  # a mutant that is not Python (``*`` turned into ``|`` in a signature): no annotation
        return False


def reason_of(row: dict[str, Any]) -> str | None:
    """Why a surviving mutant is equivalent (the allow-list, or annotations only), or None."""
    if row.get("annotation_only"):
        return ANNOTATION_ONLY
    function = str(row["function"])  # None (JSON null) outside functions
    return EQUIVALENT.get((row["module"], function, row["mutated"])) or EQUIVALENT.get(
        (row["module"], function, f"{row.get('before', '')} ⏎ {row['mutated']}"))


def line_before(source: str, line: int) -> str:
    """The last non-blank line of ``source`` above line ``line`` (1-based), stripped."""
    above = [t.strip() for t in source.splitlines()[:line - 1] if t.strip()]
    return above[-1] if above else ""


def outcome_of(row: dict[str, Any]) -> str:
    """killed / survived / equivalent (a survivor with a reason: :func:`reason_of`) / error."""
    if row["outcome"] == "survived" and reason_of(row) is not None:
        return "equivalent"
    return str(row["outcome"])


MEMORY_LIMIT = 4 << 30
"""Address space of one test process (bytes): a mutant that grows without end (a loop appending, an int
doubling) fails with MemoryError instead of filling a shared machine's memory."""


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


class Checkout:
    """A copy of the checkout the mutants are made in, and the tests run there."""

    def __init__(self, where: Path) -> None:
        where.mkdir(parents=True, exist_ok=True)
        self.root = where / "checkout"
        shutil.copytree(ROOT, self.root, symlinks=True, ignore=shutil.ignore_patterns(
            ".venv", ".git", "__pycache__", "*.sqlite", "*.sqlite3", ".hypothesis", ".mypy_cache", ".ruff_cache",
            ".pytest_cache", "*.egg-info"))
        self.pycache = where / "pycache"
        self.numba = where / "numba"
        self.running: subprocess.Popen[str] | None = None
        self.stopped = False

    def env(self) -> dict[str, str]:
        env = dict(os.environ, HYPOTHESIS_PROFILE="ci", PYTHONPATH=str(self.root),
                   PYTHONPYCACHEPREFIX=str(self.pycache), NUMBA_CACHE_DIR=str(self.numba))
        env.pop("PYTEST_ADDOPTS", None)
        return env

    def forget(self, rel: str) -> None:
        """Drop the compiled forms of the module (bytecode) and every numba cache."""
        stem = Path(rel).stem
        if self.pycache.exists():
            for pyc in self.pycache.rglob(f"{stem}.*.pyc"):
                pyc.unlink()
        shutil.rmtree(self.numba, ignore_errors=True)

    def pytest(self, args: list[str], timeout: float) -> tuple[int | None, str, float]:
        """Run pytest in the copy (own process group, killed whole on timeout): exit code
        (None on timeout), output, seconds."""
        cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly", "-p", "no:xdist",
               "-rfE", "--no-header", *args]
        if self.stopped:
            raise KeyboardInterrupt
        t0 = time.monotonic()
        proc = subprocess.Popen(cmd, cwd=self.root, env=self.env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                text=True, start_new_session=True, preexec_fn=_limit_memory)
        self.running = proc
        try:
            if self.stopped:  # Ctrl-C came before the process was known
                raise KeyboardInterrupt
            out, _ = proc.communicate(timeout=timeout)
            code: int | None = proc.returncode
        except BaseException:  # the timeout, or Ctrl-C: the whole group goes
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            out, _ = proc.communicate()
            if not isinstance(sys.exc_info()[1], subprocess.TimeoutExpired):
                raise
            code = None
        finally:
            self.running = None
        if self.stopped:
            raise KeyboardInterrupt
        return code, out, time.monotonic() - t0

    def stop(self) -> None:
        """Ctrl-C: kill the running tests (the mutant is then put back by its ``with``)."""
        self.stopped = True
        proc = self.running
        if proc is not None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)


def collect(co: Checkout, game: str) -> list[str]:
    """The game's test ids: its own files whole, the shared files' tests with its tags."""
    g = TARGETS[game]
    code, out, _ = co.pytest(["--collect-only", *g.tests, *(SHARED_TESTS if g.tags else ())], 600)
    ids = [line.strip() for line in out.splitlines() if "::" in line and not line.startswith(("FAILED", "ERROR"))]
    if code != 0 or not ids:
        fail(PROG, f"cannot collect the tests of {game}: {out.strip().splitlines()[-1:]}")
    return [i for i in ids if i.split("::")[0] in g.tests or i.split("[")[0] in g.tests or any(t in i for t in g.tags)]


def baseline(co: Checkout, game: str, ids: list[str]) -> dict[str, float]:
    """Run the game's tests once unmutated: seconds per test. Every one must pass."""
    report = co.root.parent / f"baseline-{game}.xml"
    co.forget("")
    code, out, secs = co.pytest([f"--junitxml={report}", *ids], 3600)
    if code != 0:
        failed = [line for line in out.splitlines() if line.startswith(("FAILED", "ERROR"))][:3]
        fail(PROG, f"the unmutated tests of {game} do not pass: {'; '.join(failed) or out.strip()[-300:]}")
    durations: dict[str, float] = {}
    for case in ET.parse(report).getroot().iter("testcase"):
        path = case.get("classname", "").replace(".", "/")
        durations[f"{path}.py::{case.get('name')}"] = float(case.get("time", "0"))
    print(f"baseline {game}: {len(ids)} tests pass in {secs:.1f} s", file=sys.stderr, flush=True)
    return {i: durations.get(i, 1.0) for i in ids}


def order(durations: dict[str, float], kills: dict[str, int]) -> list[str]:
    """Tests most likely to fail soonest first: kills (of earlier mutants of the game) per second.

    A test's cost is the most any case of its function took: the first case of a function often
    pays for all (numba compiling the playout, a table built once), and a run with a mutant has it
    to pay again whichever case comes first."""
    cost: dict[str, float] = {}
    for i, d in durations.items():
        f = i.split("[")[0]
        cost[f] = max(cost.get(f, 0.0), d)
    return sorted(durations, key=lambda i: (-(kills.get(i, 0) + 0.1) / (cost[i.split("[")[0]] + 0.02), i))


FAILED = re.compile(r"^(?:FAILED|ERROR) (.+?)(?: - .*)?$")


def run_one(co: Checkout, rel: str, m: Any, tests: list[str], timeout: float) -> dict[str, Any]:
    """Apply one mutant in the copy, run the tests fail-fast, put the module back."""
    from cosmic_ray.mutating import use_mutation
    from cosmic_ray.plugins import get_operator

    path = co.root / rel
    operator = get_operator(m.operator_name)(**(m.operator_args or {}))
    row: dict[str, Any] = {"module": rel, "function": m.definition_name, "operator": m.operator_name,
                           "occurrence": m.occurrence, "line": m.start_pos[0]}
    with use_mutation(path, operator, m.occurrence) as (original, mutated):
        if mutated is None:
            return {**row, "outcome": "error", "mutated": "", "diff": "", "seconds": 0.0, "killed_by": None}
        co.forget(rel)
        try:
            code, out, secs = co.pytest(["-x", *tests], timeout)
        finally:
            co.forget(rel)
    import difflib

    diff = "".join(difflib.unified_diff(original.splitlines(True), mutated.splitlines(True), f"a/{rel}", f"b/{rel}",
                                        n=0))
    killed_by = None
    if code is None:
        outcome, killed_by = "killed", "timeout"
    elif code == 0:
        outcome = "survived"
    elif code in (1, 2, 3, 4):  # a test failed, or the mutant broke collection (4: a test module not imported)
        outcome = "killed"
        found = [FAILED.match(line) for line in out.splitlines()]
        killed_by = next((f.group(1) for f in found if f), "collection" if code != 1 else "?")
    elif code < 0:  # killed by a signal: the mutant crashed the interpreter (or its compiled code)
        outcome, killed_by = "killed", f"signal {-code}"
    else:
        outcome = "error"
    return {**row, "outcome": outcome, "mutated": changed_line(diff), "diff": diff, "seconds": round(secs, 2),
            "annotation_only": annotation_only(original, mutated), "before": line_before(original, row["line"]),
            "killed_by": killed_by, **({"output": out[-2000:]} if outcome == "error" else {})}


def summarize(rows: list[dict[str, Any]], totals: dict[str, int]) -> dict[str, dict[str, Any]]:
    """Per module: counts and the score before fixes (first outcomes) and now."""
    summary: dict[str, dict[str, Any]] = {}
    for rel in sorted(totals, key=lambda r: (MODULES[r], r)):
        mine = [r for r in rows if r["module"] == rel]
        now = [outcome_of(r) for r in mine]
        first = [outcome_of({**r, "outcome": r.get("first_outcome", r["outcome"])}) for r in mine]

        def score(outs: list[str]) -> float | None:
            k, s = outs.count("killed"), outs.count("survived")
            return round(k / (k + s), 3) if k + s else None

        summary[rel] = {"mutants_in_module": totals[rel], "sampled": len(mine), "killed": now.count("killed"),
                        "equivalent": now.count("equivalent"), "survived": now.count("survived"),
                        "error": now.count("error"), "score_before": score(first), "score": score(now),
                        "seconds_killed": _mean([r["seconds"] for r in mine if r["outcome"] == "killed"]),
                        "seconds_survived": _mean([r["seconds"] for r in mine if r["outcome"] != "killed"])}
    return summary


def _mean(xs: list[float]) -> float | None:
    return round(sum(xs) / len(xs), 1) if xs else None


def pct(x: float | None) -> str:
    return "n/a" if x is None else f"{100 * x:.0f}%"


def table(summary: dict[str, dict[str, Any]]) -> str:
    """The Markdown table BENCHMARKS.md shows."""
    lines = ["| module | mutants in module | sampled | killed | equivalent | survived | score before fixes | score |",
             "|---|---|---|---|---|---|---|---|"]
    for rel, s in summary.items():
        lines.append(f"| {rel} | {s['mutants_in_module']:,} | {s['sampled']} | {s['killed']} | {s['equivalent']} | "
                     f"{s['survived']} | {pct(s['score_before'])} | {pct(s['score'])} |")
    return "\n".join(lines)


def _stem(name: str) -> str:
    """A game's module stem from its name as every tool takes it (``three-fools``, an alias) or
    from the stem itself (``three_fools``); an unknown one stops the run (exit 2)."""
    if name in GAMES:
        return name
    try:
        stem = games.get(name).name.replace("-", "_")
    except InputError:
        stem = ""
    if stem not in GAMES:
        fail(PROG, f"--games: no such game {name!r} (known: {', '.join(sorted(g.replace('_', '-') for g in GAMES))})")
    return stem


def parse(argv: list[str] | None) -> argparse.Namespace:
    ap = Parser(PROG, __doc__)
    ap.add_argument("--games", nargs="+", default=sorted(GAMES), metavar="GAME",
                    help=f"game names (default: all of {', '.join(sorted(g.replace('_', '-') for g in GAMES))})")
    ap.add_argument("--modules", nargs="+", default=["spec", "engines"], metavar="MODULE",
                    help="spec, engines (every engine module), hidden (foolsolve/worlds.py, seat.py, stats.py), solver "
                         "(solver/GAME/search.py of the --games), or module paths such as engines/foolery_native.py")
    ap.add_argument("--sample", type=positive_int, default=20, help="mutants per module (seeded sample)")
    ap.add_argument("--seed", type=int, default=None, help="of the samples (default: the one of --out, else 0)")
    ap.add_argument("--timeout", type=positive_float, default=None,
                    help="seconds per mutant; a timeout counts as killed (default: 3x the game's baseline + 60)")
    ap.add_argument("--jobs", type=positive_int, default=1, help="mutants run at once, each in its own copy")
    ap.add_argument("--out", type=Path, default=None,
                    help="results (JSON), written after every mutant; a run with the same --seed resumes it")
    ap.add_argument("--report", action="store_true", help="only print the table and survivors of --out (runs nothing)")
    ap.add_argument("--rerun-survivors", action="store_true",
                    help="run the survivors (and errors) recorded in --out again with today's tests")
    a = ap.parse_args(argv)
    a.games = [_stem(name) for name in a.games]
    bad = [m for m in a.modules if m not in KINDS and m not in MODULES]
    if bad:
        fail(PROG, f"--modules: {bad[0]!r} is not {', '.join(KINDS)} or a module ({', '.join(MODULES)})")
    if a.report and a.out is None:
        fail(PROG, "--report: needs --out (the results to report)")
    if a.rerun_survivors and a.out is None:
        fail(PROG, "--rerun-survivors: needs --out (the results to re-run)")
    return a


def selected(a: argparse.Namespace) -> list[str]:
    explicit = [m for m in a.modules if m in MODULES]
    kinds = {m for m in a.modules if m in KINDS}
    rules = [rel for game in a.games for rel in GAMES[game].modules if rel in explicit or rel.split("/")[0] in kinds]
    hidden = [rel for name in HIDDEN_TESTS for rel in OTHERS[name].modules if rel in explicit or "hidden" in kinds]
    solvers = [rel for game in a.games if f"solver_{game}" in OTHERS for rel in OTHERS[f"solver_{game}"].modules
               if rel in explicit or "solver" in kinds]
    return rules + hidden + solvers


def load(out: Path | None, seed: int | None) -> tuple[list[dict[str, Any]], dict[str, Any], int]:
    """The mutants already run (and the baselines' durations) of an earlier run into ``out``, and the seed."""
    if out is None or not out.exists():
        return [], {}, 0 if seed is None else seed
    try:
        data = json.loads(out.read_text())
        rows = data["mutants"]
        old_seed = data["seed"]
        baselines = data.get("baselines", {})
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as e:
        fail(PROG, f"--out: {out} is not a results file of this script ({type(e).__name__})")
    if seed is not None and old_seed != seed:
        fail(PROG, f"--out: {out} holds a run with --seed {old_seed}; use that seed or another file")
    return list(rows), dict(baselines), old_seed


def fill_annotation_only(rows: list[dict[str, Any]]) -> None:
    """Mark the survivors of older results that change annotations only, and the line before theirs (when
    their module is unchanged)."""
    try:
        from cosmic_ray.mutating import mutate_code
        from cosmic_ray.plugins import get_operator
    except ImportError:
        return
    for r in rows:
        if r["outcome"] != "survived" or "annotation_only" in r or not (ROOT / r["module"]).exists():
            continue
        raw = (ROOT / r["module"]).read_bytes()
        source = raw.decode()
        if not r.get("key", "").startswith(f"{r['module']}@{hashlib.sha256(raw).hexdigest()[:12]}:"):
            continue
        mutated = mutate_code(source, get_operator(r["operator"])(), r["occurrence"])
        if mutated is not None:
            r["annotation_only"] = annotation_only(source, mutated)
            r["before"] = line_before(source, r["line"])


def fingerprint(root: Path) -> str:
    """A digest of the code and test data of a checkout (a baseline's durations hold while it is the same)."""
    h = hashlib.sha256()
    for top in ("foolsolve", "spec", "engines", "solver", "proofs", "tests"):
        for path in sorted((root / top).rglob("*")):
            if path.is_file() and not path.is_symlink() and "__pycache__" not in path.parts:
                h.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes())
    return h.hexdigest()


def _stop(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    a = parse(argv)
    rows, baselines, a.seed = load(a.out, a.seed)
    if a.report:
        fill_annotation_only(rows)
        if not rows:
            fail(PROG, f"--report: {a.out} holds no results")
        saved = json.loads(a.out.read_text()).get("summary", {})
        report(rows, {rel: s["mutants_in_module"] for rel, s in saved.items() if rel in selected(a)})
        return 0
    signal.signal(signal.SIGTERM, _stop)  # kill PID (a run in the background) stops it as Ctrl-C does
    try:
        import cosmic_ray  # noqa: F401
    except ImportError:
        fail(PROG, "needs cosmic-ray (pip install -e '.[mutation]')")
    fill_annotation_only(rows)
    modules = selected(a)
    started = time.monotonic()

    def save(totals: dict[str, int]) -> None:
        if a.out is not None:
            from foolsolve.positions import write_json_atomic

            write_json_atomic(a.out, {"seed": a.seed, "command": header(PROG).strip(),
                                      "summary": summarize(rows, totals), "baselines": baselines, "mutants": rows})

    with tempfile.TemporaryDirectory(prefix="foolsolve-mutation-") as tmp:
        copies = [Checkout(Path(tmp) / f"job{j}") for j in range(a.jobs)]
        root = copies[0].root
        totals: dict[str, int] = {}
        per_module: dict[str, list[tuple[str, Any, str]]] = {}
        for rel in modules:
            digest = hashlib.sha256((root / rel).read_bytes()).hexdigest()
            everything = mutants(root / rel)
            totals[rel] = len(everything)
            if a.rerun_survivors:
                want = {r["key"] for r in rows if r["module"] == rel and outcome_of(r) in ("survived", "error")}
                chosen = [m for m in everything if key_of(rel, digest, m) in want]
            else:
                done = {r["key"] for r in rows}
                chosen = [m for m in sample(everything, a.seed, rel, a.sample) if key_of(rel, digest, m) not in done]
            per_module[rel] = [(rel, m, key_of(rel, digest, m)) for m in chosen]
        todo: list[tuple[str, Any, str]] = []
        while any(per_module.values()):  # round robin: an interrupted run has even samples
            for rel in modules:
                if per_module[rel]:
                    todo.append(per_module[rel].pop(0))
        print(f"{len(todo)} mutants to run in {len(modules)} modules, {a.jobs} at a time", file=sys.stderr, flush=True)
        tests: dict[str, dict[str, float]] = {}
        tree = fingerprint(root)
        lock = threading.Lock()
        baseline_locks = {game: threading.Lock() for game in TARGETS}
        free: queue.Queue[Checkout] = queue.Queue()
        for co in copies:
            free.put(co)
        finished = 0

        def work(rel: str, m: Any, key: str) -> None:
            nonlocal finished
            game = MODULES[rel]
            co = free.get()
            try:
                with baseline_locks[game]:
                    if game not in tests:
                        cached = baselines.get(game, {})
                        if cached.get("tree") == tree:
                            tests[game] = cached["durations"]
                        else:
                            tests[game] = baseline(co, game, collect(co, game))
                            with lock:
                                baselines[game] = {"tree": tree, "durations": tests[game]}
                durations = tests[game]
                with lock:
                    kills: dict[str, int] = {}
                    for r in rows:
                        if r["outcome"] == "killed" and MODULES[r["module"]] == game and r.get("killed_by"):
                            kills[r["killed_by"]] = kills.get(r["killed_by"], 0) + 1
                timeout = a.timeout or 3 * sum(durations.values()) + 60
                row = run_one(co, rel, m, order(durations, kills), timeout)
            finally:
                free.put(co)
            row["key"] = key
            with lock:
                old = next((r for r in rows if r["key"] == key), None)
                if old is not None:
                    row["first_outcome"] = old.get("first_outcome", old["outcome"])
                    rows.remove(old)
                rows.append(row)
                save(totals)
                finished += 1
                print(f"[{finished}/{len(todo)} {time.monotonic() - started:.0f} s] {rel}:{row['line']} "
                      f"{outcome_of(row):10} {row['function']}: {row['mutated']} ({row['seconds']} s"
                      f"{', ' + str(row['killed_by']) if row['killed_by'] else ''})", file=sys.stderr, flush=True)

        pool = ThreadPoolExecutor(max_workers=a.jobs)
        try:
            futures = [pool.submit(work, *item) for item in todo]
            for f in as_completed(futures):
                f.result()
        except KeyboardInterrupt:
            for co in copies:
                co.stop()
            pool.shutdown(wait=True, cancel_futures=True)  # every mutant put back before the copy goes
            with lock:
                save(totals)
            print(f"{PROG}: interrupted; {a.out or 'nothing'} keeps the {finished} mutants that finished",
                  file=sys.stderr)
            return 130
        pool.shutdown(wait=True)
    report(rows, totals)
    return 0


def report(rows: list[dict[str, Any]], totals: dict[str, int]) -> None:
    """The table, seconds per mutant, and every survivor with its diff (stdout)."""
    mine = [r for r in rows if r["module"] in totals]
    print(header(PROG))
    print(table(summarize(mine, totals)))
    for what in ("killed", "survived"):
        secs = [r["seconds"] for r in mine if (r["outcome"] == "killed") == (what == "killed")]
        if secs:
            print(f"\n{what}: {len(secs)} mutants, {sum(secs) / len(secs):.1f} s each on average "
                  f"(median {sorted(secs)[len(secs) // 2]:.1f} s)")
    for r in mine:
        if outcome_of(r) in ("survived", "error"):
            print(f"\n{outcome_of(r).upper()} {r['module']}:{r['line']} {r['function']} ({r['operator']}):\n{r['diff']}")


if __name__ == "__main__":
    sys.exit(main())
