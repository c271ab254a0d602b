"""The one conformance harness: a game's spec and engine stepped in lockstep.

At every visited state it checks that spec and engine agree on: the state itself
(canonical JSON), the player to move, the terminal result and the returns (one number per
player), every player's view (:meth:`~foolsolve.game.SpecGame.observation`, so both hide the
same cards), at a chance node the outcome distribution (exact probabilities, summing to 1),
the *set* of legal moves (the spec's list must also be sorted and free of duplicates) and,
for every legal move, whether it deals anew (:meth:`~foolsolve.game.SpecGame.deals_anew`) and
the successor state (canonical JSON). It then follows one move chosen by a seeded RNG, so a
run of ``cases`` whole games from random deals covers every rule of the game. Any
difference is a :class:`Divergence` carrying the position where it happened; the CLI
(``foolsolve conform GAME``) shrinks it and writes it as a position file.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from foolsolve.errors import InputError
from foolsolve.game import CHANCE
from foolsolve.games.base import GameInfo


@dataclass
class Divergence:
    """Where and how spec and engine disagree."""

    kind: str
    detail: str
    position: dict[str, Any]
    step: int = 0
    history: list[str] = field(default_factory=list)
    case: int = 0
    """The game it happened in (1: the first), where a run goes on past it (an outside engine's)."""
    request: dict[str, Any] | None = None
    """The oracle request that shows it (an outside engine's disagreement): ``moves`` or ``play``."""
    alone: bool | None = None
    """An outside engine's disagreement replayed (:func:`replay_outside`): whether its request alone,
    the first asked of a fresh engine process, shows it again (``None``: not replayed)."""
    shrunk: dict[str, Any] | None = None
    """A smaller request that alone shows a disagreement of the same kind in a fresh engine process
    (:func:`replay_outside`; ``None``: none found, or not replayed)."""
    context: list[dict[str, Any]] | None = None
    """An outside engine's disagreement: the requests its game asked before its own, in order, kept
    for :func:`narrow_outside` (``None``: not kept)."""
    narrowed: Narrowing | None = None
    """A replayed disagreement its request alone does not show: the search for earlier requests
    of its game after which it shows (:func:`narrow_outside`; ``None``: not searched)."""

    def summary(self) -> str:
        """One line."""
        return f"{self.kind} at step {self.step}: {self.detail}"


@dataclass
class Narrowing:
    """What :func:`narrow_outside` found for a disagreement its request alone does not show."""

    of: int
    """The requests its game asked before it, the ones searched."""
    sequence: list[dict[str, Any]] | None = None
    """The fewest of them found (in their order) after which, asked first of a fresh engine process,
    its request shows a disagreement of the same kind; ``None``: not even after all of them."""
    runs: int = 0
    """The fresh engine processes started for the search."""
    bounded: bool = False
    """The search stopped at its bound (:data:`NARROW_RUNS` runs, :data:`NARROW_SECONDS`) before
    it could shorten :attr:`sequence` no further: a shorter one may exist."""


@dataclass
class ConformanceReport:
    """What a run of :func:`run` checked."""

    cases: int = 0
    states: int = 0
    moves: int = 0
    cut: int = 0
    """Games stopped at ``max_steps`` moves, every state up to there agreeing (not a divergence)."""
    sampled: int = 0
    """States whose moves of one family (:class:`~foolsolve.game.MoveFamily`) were too many to
    compare one by one: compared by count and a seeded sample from each side."""
    families: set[str] = field(default_factory=set)
    """The kinds of those families (``exchange``)."""
    divergence: Divergence | None = None
    disagreements: list[Divergence] = field(default_factory=list)
    """An outside engine's run (:func:`run_outside`): the first disagreement of each game that had
    one, in order (:attr:`divergence` is the first)."""
    engine_error: str | None = None
    """An outside engine's run stopped by the engine breaking the protocol: the one-line error."""
    engine_step: int = 0
    """An outside engine's run: the step of the game being played, where the engine broke off."""
    broken_request: dict[str, Any] | None = None
    """An outside engine's run stopped by the engine: the request it broke off at (its ``id`` left out)."""
    successors: int = 0
    """An outside engine's run: the positions after a move compared (the moves followed and, with
    ``every_move``, the others)."""
    successors_sampled: int = 0
    """An outside engine's run with ``every_move``: the states with more than :data:`EVERY_MOVE_MAX`
    legal moves, where a seeded sample of them was played."""
    interrupted: bool = False
    """Stopped by Ctrl-C: :attr:`cases` counts the games finished before it (each agreeing)."""
    replays_interrupted: bool = False
    """An outside engine's run: Ctrl-C (:attr:`interrupted` too) stopped the replays of its
    disagreements (:func:`replay_outside`), after the games."""
    timed_out: bool = False
    """Stopped at the deadline (``conform --time``): :attr:`cases` counts the games finished
    before it (each agreeing)."""
    tables: dict[int, int] = field(default_factory=dict)
    """The games finished (:attr:`cases`) by the number of players they were dealt to."""

    def tally_table(self, players: int, games: int = 1) -> None:
        """``games`` more finished games of ``players`` players in :attr:`tables`."""
        self.tables[players] = self.tables.get(players, 0) + games


def _engine(info: GameInfo) -> Any:
    if info.engine is None:
        raise InputError(f"{info.name}: no engine to check against the spec")
    return info.engine


FAMILY_LIST_MAX = 64
"""A move family (:class:`~foolsolve.game.MoveFamily`) of at most this many moves is compared
move by move; a bigger one by its count and :data:`FAMILY_SAMPLE` seeded moves from each side."""
FAMILY_SAMPLE = 16


def check_state(info: GameInfo, spec_state: Any, eng_state: Any, *, successors: bool = True,
                rng: random.Random | None = None, report: ConformanceReport | None = None) -> Divergence | None:
    """Compare spec and engine at one state (and all its successors). Moves of a family too big
    to list (:class:`~foolsolve.game.MoveFamily`) are compared by count and a sample drawn with
    ``rng`` (a fixed seed when none is given); ``report`` counts such states."""
    spec, eng = info.spec, _engine(info)
    sj = spec.state_to_json(spec_state)

    def div(kind: str, detail: str) -> Divergence:
        return Divergence(kind, detail, sj)

    ej = spec.state_to_json(eng.to_spec(eng_state))
    if ej != sj:
        return div("state", _json_diff(sj, ej))
    if spec.to_move(spec_state) != eng.to_move(eng_state):
        return div("to_move", f"spec {spec.to_move(spec_state)} engine {eng.to_move(eng_state)}")
    sr, er = spec.result(spec_state), eng.result(eng_state)
    if sr != er:
        return div("result", f"spec {sr} engine {er}")
    if spec.returns(spec_state) != eng.returns(eng_state):
        return div("returns", f"spec {list(map(str, spec.returns(spec_state)))} "
                              f"engine {list(map(str, eng.returns(eng_state)))}")
    for p in range(spec.num_players(spec_state)):
        sv, ev = spec.observation(spec_state, p), eng.observation(eng_state, p)
        if sv != ev:
            return div("view", f"player {p}: {_json_diff(sv, ev)}")
    if spec.to_move(spec_state) == CHANCE:
        sdist = {str(m): pr for m, pr in spec.chance_outcomes(spec_state)}
        edist = {str(eng.move_to_spec(eng_state, m)): pr for m, pr in eng.chance_outcomes(eng_state)}
        if sum(sdist.values()) != 1:
            return div("chance", f"spec probabilities sum to {sum(sdist.values())}")
        if sdist != edist:
            diff = sorted(k for k in set(sdist) | set(edist) if sdist.get(k) != edist.get(k))
            return div("chance", f"outcome {diff[0]}: spec {sdist.get(diff[0])} engine {edist.get(diff[0])}")
    smoves, sfam = spec.legal_moves_split(spec_state)
    keys = [spec.move_sort_key(m) for m in smoves]
    if keys != sorted(keys):
        return div("order", "spec legal_moves is not sorted by move_sort_key")
    stexts = [str(m) for m in smoves]
    if len(set(stexts)) != len(stexts):
        return div("moves", "spec legal_moves has duplicates")
    emoves_seq, efam = eng.legal_moves_split(eng_state)
    emoves = list(emoves_seq)
    etexts = [str(eng.move_to_spec(eng_state, m)) for m in emoves]
    if (sfam is None) != (efam is None) or (sfam is not None and efam is not None and sfam.kind != efam.kind):
        return div("moves", f"move families differ: spec {sfam and sfam.kind} engine {efam and efam.kind}")
    fam_pairs: list[tuple[Any, Any]] = []  # (spec move, engine move) of the family to check successors of
    if sfam is not None and efam is not None:
        if sfam.count != efam.count:
            return div("moves", f"{sfam.kind} moves: spec counts {sfam.count}, engine {efam.count}")
        if sfam.count <= FAMILY_LIST_MAX:
            smoves = smoves + list(sfam.listing())
            stexts = [str(m) for m in smoves]
            elisted = list(efam.listing())
            emoves += elisted
            etexts += [str(eng.move_to_spec(eng_state, m)) for m in elisted]
        else:
            r = rng if rng is not None else random.Random(0)
            if report is not None:
                report.sampled += 1
                report.families.add(sfam.kind)
            for _ in range(FAMILY_SAMPLE):
                sm = sfam.sample(r)
                if not efam.contains(sm):
                    return div("moves", f"{sfam.kind}: only spec: {sm}")
                em = efam.sample(r)
                esm = eng.move_to_spec(eng_state, em)
                if not sfam.contains(esm) or spec.why_illegal(spec_state, esm):
                    return div("moves", f"{sfam.kind}: only engine: {esm}")
                fam_pairs += [(sm, eng.move_from_spec(eng_state, sm)), (esm, em)]
    if sorted(stexts) != sorted(etexts):
        only_s = sorted(set(stexts) - set(etexts))
        only_e = sorted(set(etexts) - set(stexts))
        extra = "" if len(etexts) == len(set(etexts)) else " (engine lists duplicates)"
        return div("moves", f"only spec: {only_s}; only engine: {only_e}{extra}")
    if (sr is None) == (not smoves and not fam_pairs):
        return div("terminal", f"result {sr} with {len(smoves)} legal moves")
    if successors:
        by_text = dict(zip(etexts, emoves))
        for m, em in [(m, by_text[str(m)]) for m in smoves] + fam_pairs:
            if spec.deals_anew(m) != eng.deals_anew(eng_state, em):
                return div("deals_anew", f"{m}: spec {spec.deals_anew(m)} engine {eng.deals_anew(eng_state, em)}")
            s2 = spec.state_to_json(spec.apply(spec_state, m))
            e2 = spec.state_to_json(eng.to_spec(eng.apply(eng_state, em)))
            if s2 != e2:
                return div("successor", f"after {m}: {_json_diff(s2, e2)}")
        # the engine's apply must not have changed its argument
        if spec.state_to_json(eng.to_spec(eng_state)) != sj:
            return div("mutation", "engine.apply changed the state it was given")
    return None


Policy = Callable[[Any, list[Any], random.Random], Any]
"""Chooses the next move: ``policy(spec_state, legal_spec_moves, rng)``."""


def uniform(state: Any, moves: list[Any], rng: random.Random) -> Any:
    """The default policy: a uniformly random legal move (``rng.choice``)."""
    return rng.choice(moves)


def lockstep(
    info: GameInfo, start: Any, rng: random.Random, *, max_steps: int = 10_000, report: ConformanceReport | None = None,
    policy: Policy = uniform, engine_start: Any = None,
) -> Divergence | None:
    """Play one game from ``start``, each move chosen by ``policy`` (default: uniformly at random
    with ``rng``), checking every state; ``engine_start`` is the engine's own state of ``start``
    (default: converted from the spec's). A game still running after ``max_steps`` moves stops
    there (counted in ``report.cut``): spec and engine agreed on every state up to it, so it is
    no divergence."""
    spec, eng = info.spec, _engine(info)
    s, e = start, (eng.from_spec(start) if engine_start is None else engine_start)
    history: list[str] = []
    seen: dict[Any, Any] = {}
    for step in range(max_steps + 1):
        d = check_state(info, s, e, rng=random.Random(f"sample:{step}"), report=report)
        if d is None:
            # equal engine keys (transposition tables) must mean equal positions (what the
            # players know, the spec's knowledge_fields, is no part of a key)
            sj = spec.without_knowledge(spec.state_to_json(s))
            if seen.setdefault(eng.key(e), sj) != sj:
                d = Divergence("key", "two different positions have the same engine key", sj)
        if report is not None:
            report.states += 1
        if d is not None:
            d.step, d.history = step, history
            return d
        moves, family = spec.legal_moves_split(s)
        if not moves and family is None:
            return None
        if step == max_steps:
            break
        m = _choose(s, moves, family, rng, policy)
        history.append(str(m))
        s = spec.apply(s, m)
        e = eng.apply(e, eng.move_from_spec(e, m))
        if report is not None:
            report.moves += 1
    if report is not None:
        report.cut += 1
    return None


def _choose(state: Any, moves: list[Any], family: Any, rng: random.Random, policy: Policy = uniform) -> Any:
    """The move a conformance game follows: ``policy``'s, or with a move family uniform over all
    legal moves, the family's without listing them."""
    if family is None:
        return policy(state, moves, rng)
    i = rng.randrange(len(moves) + family.count)
    return moves[i] if i < len(moves) else family.sample(rng)


EVERY_MOVE_MAX = 64
"""``conform --engine --every-move``: the most legal moves of a state whose successors are all
compared; at a state with more, the move followed and a seeded sample of the others, this many in all."""


def outside_lockstep(info: GameInfo, start: Any, rng: random.Random, engine: Any, *, max_steps: int = 10_000,
                     report: ConformanceReport | None = None, knowledge: bool = True,
                     status: bool = False, every_move: bool = False, chance: bool = False) -> Divergence | None:
    """:func:`lockstep` against an engine outside foolsolve (:class:`foolsolve.outside.OutsideEngine`):
    one game from ``start``, its moves chosen as :func:`lockstep` chooses them (the same games for
    the same seed), asking the engine at every state for the legal moves (compared with the
    spec's as sets of moves in ASCII text) and for the position after the move followed (compared
    with the spec's in standard form; ``knowledge`` false: without the game's
    :attr:`~foolsolve.game.SpecGame.knowledge_fields`, what players know, which no rule reads);
    ``status``: at every state also its status (who is to move, whether the game is over, the
    payoffs), compared with the spec's; ``every_move``: at every state the position after each of
    the other legal moves too (at most :data:`EVERY_MOVE_MAX` a state, a seeded sample where there
    are more, drawn apart from ``rng``: the same games as without it); ``chance``: at a chance node
    the moves asked with each outcome's probability, compared with the spec's. The first disagreement, or
    ``None``; the engine breaking the protocol raises :class:`foolsolve.outside.EngineError`."""
    from foolsolve.positions import standard_form

    spec = info.spec
    s = start
    history: list[str] = []
    for step in range(max_steps + 1):
        if report is not None:
            report.engine_step = step
        position = standard_form(spec, s, complete=True)
        if chance and spec.to_move(s) == CHANCE:
            texts, odds = engine.chance_moves(position)
            d = _outside_moves(spec, s, position, texts, chance=True) or _outside_chance(spec, s, position, odds)
        else:
            d = _outside_moves(spec, s, position, engine.moves(position))
        if d is None and status:
            d = _outside_status(spec, s, position, engine.status(position))
        if report is not None:
            report.states += 1
        if d is not None:
            d.step, d.history = step, history
            return d
        moves, family = spec.legal_moves_split(s)
        if not moves and family is None:
            return None
        if step == max_steps:
            break
        m = _choose(s, moves, family, rng)
        text = spec.move_text(m, ascii=True)
        after = spec.apply(s, m)
        d = _outside_play(spec, after, position, text, engine.play(position, text), knowledge)
        if report is not None:
            report.successors += 1
        if d is None and every_move:
            d = _outside_others(spec, s, position, text, engine, knowledge, random.Random(f"every:{step}"), report)
        if d is not None:
            d.step, d.history = step, history
            return d
        history.append(text)
        s = after
        if report is not None:
            report.moves += 1
    if report is not None:
        report.cut += 1
    return None


def _outside_others(spec: Any, state: Any, position: dict[str, Any], followed: str, engine: Any, knowledge: bool,
                    rng: random.Random, report: ConformanceReport | None) -> Divergence | None:
    """The position after each legal move of ``state`` but the one ``followed`` (its text), the
    engine's against the spec's, in the spec's order: all of them, or where there are more than
    :data:`EVERY_MOVE_MAX` legal moves a sample of ``EVERY_MOVE_MAX - 1`` drawn with ``rng``. The
    first disagreement, its detail saying the move is not the one followed."""
    others = [m for m in spec.legal_moves(state) if spec.move_text(m, ascii=True) != followed]
    if len(others) >= EVERY_MOVE_MAX:
        keep = set(rng.sample(range(len(others)), EVERY_MOVE_MAX - 1))
        others = [m for i, m in enumerate(others) if i in keep]
        if report is not None:
            report.successors_sampled += 1
    for m in others:
        text = spec.move_text(m, ascii=True)
        d = _outside_play(spec, spec.apply(state, m), position, text, engine.play(position, text), knowledge,
                          followed=False)
        if report is not None:
            report.successors += 1
        if d is not None:
            return d
    return None


def _outside_chance(spec: Any, state: Any, position: dict[str, Any],
                    odds: dict[str, Fraction] | None) -> Divergence | None:
    """The spec's chance outcomes of ``state`` with their probabilities against an outside engine's
    ``odds`` (by move text, read as :func:`_outside_moves` reads them; ``None``: none): the first
    outcome whose probability differs (one the engine leaves out or the spec has not: ``None``)."""
    want = {spec.move_text(m, ascii=True): p for m, p in spec.chance_outcomes(state)}
    got: dict[str, Fraction] = {}
    for text, p in (odds or {}).items():
        canon = text if text in want else _read(spec, state, text)
        got[canon] = got.get(canon, Fraction(0)) + p
    if got == want:
        return None
    outcome = next(t for t in [*want, *sorted(set(got) - set(want))] if want.get(t) != got.get(t))
    shown = {k: None if v is None else str(v) for k, v in (("spec", want.get(outcome)), ("engine", got.get(outcome)))}
    return Divergence("chance", f"probability of {outcome}: spec {shown['spec']} engine {shown['engine']}", position,
                      request={"op": "moves", "position": position, "chance": True})


def _outside_moves(spec: Any, state: Any, position: dict[str, Any], texts: list[str],
                   chance: bool = False) -> Divergence | None:
    """The spec's legal moves of ``state`` against an outside engine's ``texts``: a text the spec
    writes (in ASCII) is that move; any other is read as ``foolsolve play`` reads a move (another
    spelling of a legal move is that move), else it is a move only the engine has (``chance``: the
    request asked the probabilities too)."""
    legal = {spec.move_text(m, ascii=True): m for m in spec.legal_moves(state)}
    seen: dict[str, str] = {}
    twice: list[str] = []
    for text in texts:
        canon = text if text in legal else _read(spec, state, text)
        if canon in seen:
            twice.append(text)
        seen[canon] = text
    only_spec = sorted(set(legal) - set(seen))
    only_engine = sorted(seen[t] for t in set(seen) - set(legal))
    if not (only_spec or only_engine or twice):
        return None
    parts = []
    if only_spec or only_engine:
        parts.append(f"only spec: {only_spec}; only engine: {only_engine}")
    if twice:
        parts.append(f"the engine lists {sorted(twice)} twice")
    request = {"op": "moves", "position": position, **({"chance": True} if chance else {})}
    return Divergence("moves", "; ".join(parts), position, request=request)


def _outside_status(spec: Any, state: Any, position: dict[str, Any],
                    got: tuple[int | None, bool, list[Any] | None]) -> Divergence | None:
    """The spec's status of ``state`` (who is to move, whether it is over, the payoffs) against an
    outside engine's."""
    res = spec.result(state)
    want = (None if res is not None else spec.to_move(state), res is not None,
            None if res is None else [Fraction(p) for p in res.payoffs])
    for name, mine, theirs in zip(("to_move", "over", "payoffs"), want, got):
        if mine != theirs:
            return Divergence("status", f"{name}: spec {_status_text(mine)} engine {_status_text(theirs)}", position,
                              request={"op": "status", "position": position})
    return None


def _status_text(value: Any) -> str:
    """A status field as a disagreement quotes it: payoffs as exact numbers in text (``['1/2', '-1']``)."""
    return str([str(p) for p in value]) if isinstance(value, list) else str(value)


def _read(spec: Any, state: Any, text: str) -> str:
    """``text`` as the spec writes the legal move it names, or as it is where it names none."""
    try:
        return str(spec.move_text(spec.parse_move(state, text), ascii=True))
    except InputError:
        return text


def _outside_play(spec: Any, after: Any, position: dict[str, Any], text: str, got: dict[str, Any],
                  knowledge: bool = True, followed: bool = True) -> Divergence | None:
    """The spec's position ``after`` the move ``text`` from ``position`` against an outside engine's
    (``got``), both in standard form with every rule option written (``knowledge`` false: without
    the knowledge fields; ``followed`` false: the detail says the move is not the game's next)."""
    from foolsolve.positions import standard_form

    request = {"op": "play", "position": position, "moves": [text]}
    if not followed:
        text = f"{text} (a move the game does not follow)"
    want = standard_form(spec, after, complete=True)
    try:
        theirs = standard_form(spec, spec.state_from_json(got), complete=True)
    except Exception as exc:  # foreign input: whatever the spec's reader makes of it, it is no position
        said = str(exc) if isinstance(exc, InputError) else f"{type(exc).__name__}: {exc}"
        return Divergence("play", f"after {text}: the engine's position is no {spec.name} position ({said})",
                          position, request=request)
    if not knowledge:
        want, theirs = spec.without_knowledge(want), spec.without_knowledge(theirs)
    if theirs == want:
        return None
    return Divergence("play", f"after {text}: {_json_diff(want, theirs)}", position, request=request)


def run_outside(info: GameInfo, engine: Any, cases: int, seed: int, *, progress: Callable[[int], None] | None = None,
                max_steps: int = 10_000, deadline: float | None = None, start: Any = None,
                knowledge: bool = True, status: bool = False, every_move: bool = False, chance: bool = False,
                pins: dict[str, Any] | None = None, players: Players = None,
                contexts: int = 0) -> ConformanceReport:
    """:func:`run` against an engine outside foolsolve (:func:`outside_lockstep`): the same games;
    a game stops at its first disagreement and the run goes on (:attr:`ConformanceReport.disagreements`).
    ``start``: one game from that state (``cases`` 1, moves chosen with ``seed``) in place of the
    random deals; ``pins``: the rule options fixed, ``players``: the number of players, or several in turn (:func:`players_of`,
    :func:`conform_start`); ``knowledge``,
    ``status``, ``every_move``, ``chance``: as :func:`outside_lockstep`. The engine breaking the
    protocol stops the run, its error in :attr:`ConformanceReport.engine_error`; Ctrl-C stops it
    too, the games finished kept. The first ``contexts`` disagreements keep the requests their game
    asked before them (:attr:`Divergence.context`, for :func:`narrow_outside`)."""
    from foolsolve.executor import SigintHeld
    from foolsolve.outside import EngineError

    report = ConformanceReport()
    try:
        for i in range(cases):
            keep = len(report.disagreements) < contexts and hasattr(engine, "transcript")
            if hasattr(engine, "transcript"):
                engine.transcript = [] if keep else None
            rng = random.Random(seed) if start is not None else random.Random(f"{seed}:{i}")
            first = start if start is not None else conform_start(info, rng, pins, players_of(players, i))
            d = outside_lockstep(info, first, rng, engine, max_steps=max_steps, report=report, knowledge=knowledge,
                                 status=status, every_move=every_move, chance=chance)
            with SigintHeld():  # a game is counted with its disagreement, or not at all (Ctrl-C held back)
                report.cases += 1
                report.tally_table(info.spec.num_players(first))
                if d is not None:
                    d.case = i + 1
                    if keep:
                        asked = engine.transcript
                        d.context = asked[:-1] if asked and asked[-1] == d.request else list(asked)
                    report.disagreements.append(d)
                    if report.divergence is None:
                        report.divergence = d
            if progress is not None:
                progress(i + 1)
            if deadline is not None and report.cases != cases and time.monotonic() > deadline:
                report.timed_out = True
                break
    except EngineError as exc:
        report.engine_error = str(exc)
        last = getattr(engine, "last", None)
        if isinstance(last, dict):
            report.broken_request = {k: v for k, v in last.items() if k != "id"}
    except KeyboardInterrupt:
        report.interrupted = True
    finally:
        if hasattr(engine, "transcript"):
            engine.transcript = None
    return report


PIN_TRIES = 100
"""Draws :func:`conform_start` makes for a start under pinned rule options before it gives up
(a draw of the other options, or of the players, that the pinned ones rule out is drawn again)."""


REPLAY_MAX = 3
"""``conform --engine``: the disagreements (the first ones) whose requests are replayed alone in a
fresh engine process and shrunk (:func:`replay_outside`)."""
SHRINK_REQUESTS = 200
"""The most requests :func:`replay_outside` asks while shrinking one disagreement's request."""
NARROW_RUNS = 32
"""The most fresh engine processes :func:`narrow_outside` starts for one disagreement."""
NARROW_SECONDS = 60.0
"""The seconds after which :func:`narrow_outside` starts no more engine processes for one disagreement."""


def check_request(info: GameInfo, request: dict[str, Any], engine: Any, knowledge: bool = True) -> Divergence | None:
    """The engine's answer to one ``moves``, ``play`` or ``status`` request (a position in standard
    form, for ``play`` one legal move) against the spec's, as :func:`outside_lockstep` compares them."""
    spec = info.spec
    position = request["position"]
    state = spec.state_from_json(position)
    if request["op"] == "moves" and request.get("chance"):
        texts, odds = engine.chance_moves(position)
        return _outside_moves(spec, state, position, texts, chance=True) or _outside_chance(spec, state, position, odds)
    if request["op"] == "moves":
        return _outside_moves(spec, state, position, engine.moves(position))
    if request["op"] == "status":
        return _outside_status(spec, state, position, engine.status(position))
    text = request["moves"][0]
    after = spec.apply(state, spec.parse_move(state, text))
    return _outside_play(spec, after, position, text, engine.play(position, text), knowledge)


def replay_outside(info: GameInfo, command: str, timeout: float, d: Divergence, knowledge: bool = True, *,
                   budget: int | None = None, pins: dict[str, Any] | None = None) -> None:
    """Replay the request of ``d`` (an outside engine's disagreement) alone: the first request of a
    fresh engine process started with ``command``, setting :attr:`Divergence.alone`. Where it shows a
    disagreement again, shrink it in that process as :func:`shrink` shrinks a diverging position:
    rule options set back to their defaults (not those ``pins`` fixes, ``conform --rules``: the
    engine may play no other value of them), cards and optional fields left out, one at a time,
    each kept while the spec reads the position, the move stays legal and the engine still
    disagrees in the same kind, at most ``budget`` requests (default :data:`SHRINK_REQUESTS`).
    The smaller request is kept in :attr:`Divergence.shrunk` if it alone shows it again in another
    fresh process. One its request alone does not show is narrowed (:func:`narrow_outside`). An
    engine breaking the protocol meanwhile ends the replay with what was found before (one
    breaking off at the request itself leaves :attr:`Divergence.alone` ``None``)."""
    from foolsolve.outside import OutsideEngine

    assert d.request is not None
    try:
        with OutsideEngine(command, timeout) as engine:
            again = check_request(info, d.request, engine, knowledge)
            d.alone = again is not None
            smaller = None if again is None else _shrink_request(
                info, d.request, d.kind, engine, knowledge, SHRINK_REQUESTS if budget is None else budget, pins or {})
        if again is None:
            narrow_outside(info, command, timeout, d, knowledge)
            return
        if smaller is None:
            return
        with OutsideEngine(command, timeout) as engine:
            if _same_kind(check_request(info, smaller, engine, knowledge), d.kind):
                d.shrunk = smaller
    except InputError:  # the engine broke the protocol (an EngineError) or did not start again
        return


def narrow_outside(info: GameInfo, command: str, timeout: float, d: Divergence, knowledge: bool = True, *,
                   runs: int | None = None, seconds: float | None = None) -> None:
    """For ``d``, an outside engine's disagreement its request alone does not show: a short sequence
    of the requests its game asked before it (:attr:`Divergence.context`) after which, asked first
    of a fresh engine process, its request shows a disagreement of the same kind, in
    :attr:`Divergence.narrowed`. The whole context is tried first (not showing: it depends on
    requests of earlier games, or on none that can be asked again); then the requests that matter
    are found by bisection (:func:`narrow`), each try a fresh engine process, at most ``runs`` of
    them (default :data:`NARROW_RUNS`), none begun after ``seconds`` (default
    :data:`NARROW_SECONDS`). An engine breaking the protocol in a try counts as not showing it."""
    from foolsolve.outside import OutsideEngine

    target = d.request
    assert target is not None
    context, d.context = d.context or [], None
    result = d.narrowed = Narrowing(len(context))
    if not context:
        return
    limit = NARROW_RUNS if runs is None else runs
    deadline = time.monotonic() + (NARROW_SECONDS if seconds is None else seconds)

    def shows(sequence: list[dict[str, Any]]) -> bool | None:
        if result.runs >= limit or time.monotonic() > deadline:
            return None
        result.runs += 1
        try:
            with OutsideEngine(command, timeout) as engine:
                for request in sequence:
                    engine.ask(request)
                return _same_kind(check_request(info, target, engine, knowledge), d.kind)
        except InputError:  # the engine broke the protocol (an EngineError) or did not start
            return False

    if not shows(context):
        return
    result.sequence, result.bounded = narrow(context, shows)


def narrow(items: list[Any], shows: Callable[[list[Any]], bool | None]) -> tuple[list[Any], bool]:
    """A short sub-sequence of ``items``, in their order, that still shows (``items`` does, no
    element of it does not), and whether the search stopped at its bound (``shows`` answering
    ``None``: no more tries) before it was done. The elements that matter are found from the
    left, each by bisection: the longest run of elements next that can be left out with all after
    it kept (a longer tail of one that shows taken to show too), then the element after it kept;
    done when the elements kept show alone. With tries enough, each element kept is one whose
    leaving out, with every one after it kept, stops it showing: about ``log2(len(items)) + 1``
    tries an element that matters."""
    keep: list[Any] = []
    rest = items  # keep + rest shows
    while True:
        if keep:
            got = shows(keep)
            if got is None:
                return keep + rest, True
            if got:
                return keep, False
        if not rest:  # keep showed before and not now: an engine that does not answer the same each time
            return keep, False
        lo, hi = 0, len(rest)  # keep + rest[lo:] shows, keep + rest[hi:] does not
        while hi - lo > 1:
            mid = (lo + hi) // 2
            got = shows(keep + rest[mid:])
            if got is None:
                return keep + rest[lo:], True
            lo, hi = (mid, hi) if got else (lo, mid)
        keep = [*keep, rest[lo]]
        rest = rest[lo + 1:]


def _same_kind(d: Divergence | None, kind: str) -> bool:
    return d is not None and d.kind == kind


def _shrink_request(info: GameInfo, request: dict[str, Any], kind: str, engine: Any, knowledge: bool,
                    budget: int, pins: dict[str, Any]) -> dict[str, Any] | None:
    """A smaller request than ``request`` the engine still disagrees on, in the same ``kind``
    (:func:`replay_outside`), or ``None``; an engine breaking the protocol ends the search. The
    candidates are tried in order, a kept one's successors from the same place on, in passes until
    one keeps none."""
    from foolsolve.outside import EngineError
    from foolsolve.positions import standard_form

    spec = info.spec
    current, asked, found = request, 0, False
    i, improved = 0, False
    candidates = enumerate(_candidates(info, current["position"]))
    while asked < budget:
        k, cand = next(candidates, (-1, None))
        if cand is None:
            if not improved:
                break
            i, improved = 0, False
            candidates = enumerate(_candidates(info, current["position"]))
            continue
        if k < i:  # (passed over: tried before the last one kept)
            continue
        i = k + 1
        try:
            state = spec.state_from_json(cand)
            position = standard_form(spec, state, complete=True)
            rules = spec.rules_of(state)
            if position == current["position"] or _off_pins(rules, pins):
                continue
            if request["op"] == "play":
                spec.parse_move(state, request["moves"][0])
        except Exception:  # a candidate the spec does not read, or where the move is no move: skipped
            continue
        trial = {**current, "position": position}
        asked += 1
        try:
            same = _same_kind(check_request(info, trial, engine, knowledge), kind)
        except EngineError:
            break
        if same:
            current, found, improved = trial, True, True
            i -= 1  # the candidate taking its place is the next one
            candidates = enumerate(_candidates(info, current["position"]))
    return current if found else None


def _candidates(info: GameInfo, position: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The positions :func:`_shrink_request` and :func:`shrink` try: each rule option off its default set back to it,
    then :func:`shrink`'s candidates (a list element or an optional field left out), each made
    when it is asked for, copying only the containers on its path."""
    from foolsolve.rules import rules_to_json

    rules = position.get("rules")
    if isinstance(rules, dict):
        defaults = rules_to_json(info.spec.rules_cls())
        for name, value in rules.items():
            if name in defaults and defaults[name] != value:
                yield {**position, "rules": {**rules, name: defaults[name]}}
    for path, lst in _lists(position, ()):
        for i in range(len(lst)):
            yield _without(position, path, i)
    for key in list(position):
        if key != "game":
            yield {k: v for k, v in position.items() if k != key}


def _without(node: Any, path: tuple[Any, ...], i: int) -> Any:
    """``node`` with element ``i`` of the list at ``path`` left out (the containers on the path
    copied, the rest shared)."""
    if not path:
        return node[:i] + node[i + 1:]
    head, rest = path[0], path[1:]
    if isinstance(node, dict):
        return {**node, head: _without(node[head], rest, i)}
    copy_ = list(node)
    copy_[head] = _without(node[head], rest, i)
    return copy_


def conform_start(info: GameInfo, rng: random.Random, pins: dict[str, Any] | None = None,
                  players: int | None = None) -> Any:
    """One random whole-game start for conformance: the game's ``conform_game`` if it declares
    one (deals reaching every rule option), else its ``random_game``. ``pins`` (``conform --rules``,
    :func:`foolsolve.rules.pins_from_json`): the rule options kept at those values, the others drawn
    as ever; ``players`` (``conform --players``, :func:`foolsolve.rules.seating`): that many players
    dealt. A draw the pinned options or players rule out (a table they do not seat), or one under
    other values of them (a generator that does not keep them, :func:`foolsolve.rules.pin`,
    :func:`foolsolve.rules.pin_players`), is drawn again, up to :data:`PIN_TRIES` times, then an
    :class:`InputError`."""
    make = _deal_maker(info)
    if not pins and players is None:
        return make(rng)
    from foolsolve.rules import json_text, pinning, seating

    pins = pins or {}
    why = ""
    with pinning(pins), seating(players):
        for _ in range(PIN_TRIES):
            try:
                start = make(rng)
            except (InputError, ValueError) as exc:
                why = str(exc)
                continue
            rules = info.spec.rules_of(start)
            off = _off_pins(rules, pins)
            seats = info.spec.num_players(start)
            if not off and players in (None, seats):
                return start
            why = (f"its deals drew {', '.join(off)} otherwise: a generator keeps pinned options by calling "
                   "foolsolve.rules.pin on its rules" if off else
                   f"its deals seat {seats} players: a generator keeps the players fixed by calling "
                   "foolsolve.rules.pin_players on its count")
    flags = "/".join(f for f, given in (("--players", players is not None), ("--rules", bool(pins))) if given)
    shown = ", ".join(f"{k}={json_text(v)}" for k, v in pins.items())
    table = "" if players is None else f" of {players} players"
    under = f" under {shown}" if pins else ""
    raise InputError(f"{flags}: no {info.name} deal{table}{under} in {PIN_TRIES} draw{'' if PIN_TRIES == 1 else 's'} "
                     f"({why})")


Players = int | Sequence[int] | None
"""``conform --players``: no count fixed (``None``), one count for every game, or several, game
``i`` (from 0) dealt to the ``i % len``-th of them (:func:`players_of`)."""


def players_of(players: Players, i: int) -> int | None:
    """The number of players game ``i`` (from 0) of a run is dealt to: ``players`` itself where it
    is one count (or ``None``, drawn at random), else its counts in turn, game by game."""
    if players is None or isinstance(players, int):
        return players
    return players[i % len(players)]


def _deal_maker(info: GameInfo) -> Callable[[random.Random], Any]:
    """The game's ``conform_game`` if it declares one, else its ``random_game``; an
    :class:`InputError` when it has neither."""
    make = info.conform_game or info.random_game
    if make is None:
        raise InputError(f"{info.name}: no random deal generator")
    return make


def run(
    info: GameInfo, cases: int, seed: int, *, progress: Callable[[int], None] | None = None, max_steps: int = 10_000,
    deadline: float | None = None, pins: dict[str, Any] | None = None, players: Players = None,
) -> ConformanceReport:
    """``cases`` whole games from random deals (random rules and player counts; ``pins``: those rule
    options fixed, ``players``: that many players, or several counts in turn, :func:`players_of`,
    :func:`conform_start`); no game is begun after ``deadline`` (``time.monotonic()``), the report
    then :attr:`ConformanceReport.timed_out`."""
    report = ConformanceReport()

    def games() -> Iterator[tuple[int, Divergence | None]]:
        for i in range(cases):
            rng = random.Random(f"{seed}:{i}")
            start = conform_start(info, rng, pins, players_of(players, i))
            d = lockstep(info, start, rng, max_steps=max_steps, report=report)
            report.tally_table(info.spec.num_players(start))
            yield i, d

    return _tally(report, games(), progress, deadline, cases)


def _tally(report: ConformanceReport, games: Iterable[tuple[int, Divergence | None]],
           progress: Callable[[int], None] | None, deadline: float | None = None,
           cases: int | None = None) -> ConformanceReport:
    """``report`` with the finished games ``(index, divergence or None)`` counted, in order, up to
    the first divergence (:func:`run` and :func:`run_on`); a Ctrl-C keeps the games counted
    before it, marked :attr:`ConformanceReport.interrupted`. Past ``deadline`` with games of the
    ``cases`` asked for left, the report is :attr:`ConformanceReport.timed_out` (the last game
    finished past it is no stop)."""
    from foolsolve.executor import SigintHeld

    try:
        for i, d in games:
            with SigintHeld():  # a game is counted with its divergence, or not at all (Ctrl-C held back)
                report.cases += 1
                if d is not None:
                    report.divergence = d
            if progress is not None:
                progress(i + 1)
            if d is not None:
                break
            if deadline is not None and report.cases != cases and time.monotonic() > deadline:
                report.timed_out = True  # the games finished before it are the answer
                break
    except KeyboardInterrupt:
        report.interrupted = True  # the games finished before it are the answer
    return report


def one_case(task: tuple[Any, ...]) -> tuple[ConformanceReport, Divergence | None]:
    """Game ``i`` of :func:`run` (``task`` = ``(game, seed, i, max_steps)``, or with the pinned rule
    options ``(game, seed, i, max_steps, pins)``, and the number of players fixed
    ``(game, seed, i, max_steps, pins, players)``) on its own: the unit of work a sweep on several
    processes or machines maps (:mod:`foolsolve.executor`)."""
    from foolsolve import games

    game, seed, i, max_steps = task[:4]
    pins = task[4] if len(task) > 4 else None
    players = task[5] if len(task) > 5 else None
    info = games.get(game)
    report = ConformanceReport(cases=1)
    rng = random.Random(f"{seed}:{i}")
    start = conform_start(info, rng, pins, players)
    d = lockstep(info, start, rng, max_steps=max_steps, report=report)
    report.tally_table(info.spec.num_players(start))
    return report, d


def run_on(executor: Any, info: GameInfo, cases: int, seed: int, *, progress: Callable[[int], None] | None = None,
           max_steps: int = 10_000, deadline: float | None = None,
           pins: dict[str, Any] | None = None, players: Players = None) -> ConformanceReport:
    """:func:`run` with the games mapped on ``executor`` (a
    :class:`foolsolve.executor.Executor`): the same games and the same report (games after the
    first divergence are cancelled, not counted)."""
    _deal_maker(info)  # before any game is mapped
    report = ConformanceReport()

    def task(i: int) -> tuple[Any, ...]:
        n = players_of(players, i)
        extra: list[Any] = [pins or None, n] if n is not None else [pins] if pins else []
        return (info.name, seed, i, max_steps, *extra)

    results = executor.map(one_case, (task(i) for i in range(cases)))

    def games() -> Iterator[tuple[int, Divergence | None]]:
        for i, (part, d) in results:
            report.states += part.states
            report.moves += part.moves
            report.cut += part.cut
            for n, k in part.tables.items():
                report.tally_table(n, k)
            yield i, d

    try:
        return _tally(report, games(), progress, deadline, cases)
    finally:
        results.close()


def shrink(info: GameInfo, position: dict[str, Any], *, budget: int = 2000,
           pins: dict[str, Any] | None = None) -> dict[str, Any]:
    """Greedily make a diverging position smaller while it still diverges: set rule options off
    their defaults back to them, drop single elements of lists (cards from hands, stock, table ...)
    and optional fields. Candidates the spec rejects as impossible positions are skipped, and so
    are those under other values of the rule options ``pins`` fixes (``conform --rules``,
    ``--default-rules``: the engine checked may be meant for no other value of them), the
    ``rules`` field left out included."""
    current = position
    tries = 0
    improved = True
    while improved and tries < budget:
        improved = False
        for cand in _candidates(info, current):
            if pins and not _keeps(info, cand, pins):
                continue
            tries += 1
            if tries >= budget:
                break
            if _diverges(info, cand):
                current = cand
                improved = True
                break
    return current


def _keeps(info: GameInfo, obj: dict[str, Any], pins: dict[str, Any]) -> bool:
    """Whether the spec reads ``obj`` under the values ``pins`` gives its rule options."""
    try:
        rules = info.spec.rules_of(info.spec.state_from_json(obj))
    except Exception:  # a candidate the spec does not read: no shrink either way
        return False
    return not _off_pins(rules, pins)


def _off_pins(rules: Any, pins: dict[str, Any]) -> list[str]:
    """The rule options ``pins`` fixes (``conform --rules``) whose value in ``rules`` is another."""
    return [name for name, value in pins.items() if getattr(rules, name) != value]


def _diverges(info: GameInfo, obj: dict[str, Any]) -> bool:
    try:
        s = info.spec.state_from_json(obj)
        e = _engine(info).from_spec(s)
    except InputError:
        return False
    try:
        return check_state(info, s, e) is not None
    except Exception:  # a crash in either implementation is a divergence too
        return True


def _lists(node: Any, path: tuple[Any, ...]) -> Iterator[tuple[tuple[Any, ...], list[Any]]]:
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _lists(v, (*path, k))
    elif isinstance(node, list):
        if node and all(isinstance(x, (str, type(None))) for x in node):
            yield path, node
        else:
            for i, v in enumerate(node):
                yield from _lists(v, (*path, i))


def _json_diff(a: Any, b: Any, path: str = "") -> str:
    """The first place two JSON values differ."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            if a.get(k) != b.get(k):
                return _json_diff(a.get(k), b.get(k), f"{path}.{k}" if path else k)
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return _json_diff(x, y, f"{path}[{i}]")
    return f"{path or 'state'}: spec {a!r} engine {b!r}"
