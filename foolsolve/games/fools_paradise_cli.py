"""Fool's Paradise extras: the ambiguity explorer's adapter for this game and the
``foolsolve ambiguities GAME --option NAME`` command (generic over games)."""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Sequence
from typing import Any

import click

from foolsolve.cards import FRENCH52
from foolsolve.engines.fools_paradise import ENGINE, EMove, EState, decode
from foolsolve.errors import InputError
from foolsolve.games.ambiguities import (
    Adapter,
    Analysis,
    adapter_for,
    choices_of,
    compare_deals,
    compare_position,
    find_witness,
    label,
    option_info,
    witness_file,
)
from foolsolve.positions import read_json, write_json_atomic
from foolsolve.solver.base import SolveOptions
from foolsolve.solver.fools_paradise import EndgameSearch, solve
from foolsolve.spec.fools_paradise import SPEC, State, card_points

# --- the greedy policy -----------------------------------------------------------------------


def move_gain(e: EState, move: EMove) -> int:
    """Points the mover banks with this move at once: the cards taken, the played card when
    it is collected (option ``played_card``), and 1 for a clear."""
    hid, taken = decode(move)
    if hid < 0 or taken == 0:
        return 0
    ctx = e.ctx
    gain = ctx.mask_points(taken | (1 << hid) if ctx.collected else taken)
    return gain + (1 if taken == e.centre else 0)


def greedy_key(e: EState, move: EMove) -> tuple[Any, ...]:
    """Sort key of the greedy policy (smallest first): most points banked this turn, then
    most cards taken, then the lowest-scoring played card, then the first in move order."""
    sm = ENGINE.move_to_spec(e, move)
    return (-move_gain(e, move), -decode(move)[1].bit_count(), card_points(sm.card, e.ctx.rules),
            SPEC.move_sort_key(sm))


def greedy_moves(e: EState) -> list[EMove]:
    """Every move with the most points banked this turn (the greedy best set)."""
    moves = ENGINE.legal_moves(e)
    top = max(move_gain(e, m) for m in moves)
    return [m for m in moves if move_gain(e, m) == top]


def greedy_move(e: EState) -> EMove:
    """The one move the fixed greedy policy plays (see :func:`greedy_key`)."""
    return min(ENGINE.legal_moves(e), key=lambda m: greedy_key(e, m))


def greedy_until_stock_empty(state: State) -> EState:
    """Every player follows :func:`greedy_move` until the draw pile is empty (or the game ends)."""
    if not state.stock_known and state.stock:
        raise InputError("stock_size: the policy playout needs a known draw order")
    e = ENGINE.from_spec(state)
    while not e.terminal() and e.stock_left() > 0:
        e = ENGINE.apply(e, greedy_move(e))
    return e


def greedy_to_end(state: State) -> EState:
    """Every player follows :func:`greedy_move` to the end of the game."""
    e = greedy_until_stock_empty(state)
    while not e.terminal():
        e = ENGINE.apply(e, greedy_move(e))
    return e


# --- the adapter -----------------------------------------------------------------------------


class FoolsParadiseAmbiguity(Adapter):
    """Definitions used by ``foolsolve ambiguities fools-paradise``."""

    supports_witness = True
    best_definition = ("the greedy best move(s) at the opening position: every move banking the most points this "
                       "turn (cards taken, the played card when collected, +1 for a clear)")
    final_definition = ("both players follow one fixed greedy policy (most points banked this turn; ties: most cards "
                        "taken, then the lowest-scoring played card, then the first in move order) until the draw "
                        "pile is empty; then the exact endgame value for player 0 (two players: final score "
                        "difference; more: paranoid value)")
    policy_only = False
    """When set, the final result is the score difference for player 0 (against the best
    other player) when the greedy policy plays the whole game (fast, not exact)."""

    def state_with(self, obj: dict[str, Any], option: str, choice: Any) -> Any:
        """As the generic version, without the file's ``scores``: they are derived from the
        piles under the file's rules and change with ``card_points`` or ``ace``."""
        obj = {k: v for k, v in obj.items() if k != "scores"}
        return super().state_with(obj, option, choice)

    def analyse(self, state: Any, choice: Any) -> Analysis:
        """Stock empty: the exact endgame solve. Otherwise: the greedy best set (value =
        the points it banks this turn)."""
        assert isinstance(state, State)
        if SPEC.is_terminal(state):
            return Analysis(choice, [], None, "game over")
        if not state.stock and state.pending is None:
            res = solve(state, SolveOptions(max_nodes=self.max_nodes))
            return Analysis(choice, sorted(res.best), res.value,
                            "exact endgame" + (f" ({res.concept})" if res.concept else ""))
        if state.pending is not None:
            raise InputError("pending: the position waits for a chance draw")
        e = ENGINE.from_spec(state)
        best = greedy_moves(e)
        return Analysis(choice, sorted(str(ENGINE.move_to_spec(e, m)) for m in best), move_gain(e, best[0]),
                        "greedy: points banked this turn")

    def final_result(self, state: Any, choice: Any) -> Any:
        """See :attr:`final_definition`."""
        assert isinstance(state, State)
        if self.policy_only:
            e = greedy_to_end(state)
            s = e.scores
            return s[0] - max(s[1:])
        e = greedy_until_stock_empty(state)
        rs = ENGINE.rank_state(e)
        search = EndgameSearch(e.ctx, 0, len(e.hands), SolveOptions(max_nodes=self.max_nodes))
        return search.terminal_value(rs) if rs.over else search.exact(rs)

    def size(self, state: Any) -> int:
        """Cards in all hands and the centre."""
        assert isinstance(state, State)
        return sum(len(h) for h in state.hands) + len(state.centre)

    def witness_candidates(self, size: int, rng: random.Random, option: str, choices: Sequence[Any]) \
            -> list[dict[str, Any]]:
        """Random two-player endgames (empty stock, one deck) with ``size`` cards in the hands
        and the centre: the player to move holds 1-5, the other 0-5, the centre at least 1;
        every other card sits in the piles (dealt alternately)."""
        out = []
        for _ in range(400):
            cards = list(FRENCH52.cards)
            rng.shuffle(cards)
            h = rng.randint(1, min(5, size - 1))
            o = rng.randint(0, min(5, size - 1 - h))
            c = size - h - o
            hand0, hand1, centre, rest = cards[:h], cards[h:h + o], cards[h + o:size], cards[size:]
            assert c >= 1
            out.append({
                "game": SPEC.name, "to_move": 0, "dealer": 1,
                "hands": [[x.ascii for x in hand0], [x.ascii for x in hand1]],
                "centre": [x.ascii for x in centre], "stock": [],
                "piles": [[x.ascii for x in rest[0::2]], [x.ascii for x in rest[1::2]]],
            })
        return out


# --- the command -----------------------------------------------------------------------------


def _echo_json(obj: Any) -> None:
    click.echo(json.dumps(obj, ensure_ascii=False, indent=1))


@click.command("ambiguities")
@click.argument("game")
@click.option("--option", "option_name", required=True, help="The rule option whose choices are compared.")
@click.option("--position", "position_file", type=click.Path(dir_okay=False),
              help="Compare the choices at this position.")
@click.option("--deals", type=click.IntRange(min=0), default=0, show_default=True,
              help="Compare the choices over this many seeded random deals.")
@click.option("--seed", type=int, default=0, show_default=True, help="Deal i uses random.Random(seed + i).")
@click.option("--players", type=click.IntRange(min=2), default=2, show_default=True, help="Players in the deals.")
@click.option("--policy-only", is_flag=True,
              help="Fool's Paradise: final result = greedy play to the end (fast) instead of greedy play to an "
                   "empty stock followed by the exact endgame.")
@click.option("--witness/--no-witness", default=True, show_default=True,
              help="Search for the smallest position where the choices disagree on the best move.")
@click.option("--witness-size", type=click.IntRange(min=2), default=8, show_default=True,
              help="Largest position (cards in hands and centre) the witness search tries.")
@click.option("--tries", type=click.IntRange(min=1), default=150, show_default=True,
              help="Random positions tried per size in the witness search.")
@click.option("--max-nodes", type=click.IntRange(min=1), default=2_000_000, show_default=True,
              help="Node limit of each exact solve.")
@click.option("--out", "out_file", type=click.Path(dir_okay=False), help="Write the witness position here.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def ambiguities(game: str, option_name: str, position_file: str | None, deals: int, seed: int, players: int,
                policy_only: bool, witness: bool, witness_size: int, tries: int, max_nodes: int,
                out_file: str | None, as_json: bool) -> None:
    """Where does the choice of one rule option matter?

    For GAME's rule option --option: the best move and value under each choice at
    --position; over --deals seeded random deals, how often the best opening move and the
    final result change between the choices; and the smallest witness position found
    (fewest cards in hands and centre) where the choices disagree on the best move, written
    with --out."""
    try:
        _run(game, option_name, position_file, deals, seed, players, policy_only, witness, witness_size, tries,
             max_nodes, out_file, as_json)
    except InputError as exc:
        click.echo(f"foolsolve: error: {exc}", err=True)
        click.get_current_context().exit(2)


def _run(game: str, option_name: str, position_file: str | None, deals: int, seed: int, players: int,
         policy_only: bool, witness: bool, witness_size: int, tries: int, max_nodes: int, out_file: str | None,
         as_json: bool) -> None:
    from foolsolve import games

    info = games.get(game)
    opt = option_info(info, option_name)
    choices = choices_of(opt)
    adapter = adapter_for(info, players)
    adapter.max_nodes = max_nodes
    if isinstance(adapter, FoolsParadiseAmbiguity):
        adapter.policy_only = policy_only
        if policy_only:
            adapter.final_definition = ("both players follow the fixed greedy policy to the end of the game; "
                                        "player 0's final score minus the best other final score")
    result: dict[str, Any] = {"game": info.name, "option": option_name, "choices": choices}
    extra: list[dict[str, Any]] = []
    if position_file:
        obj = read_json(position_file)
        if not isinstance(obj, dict):
            raise InputError(f"{position_file}: expected a JSON object")
        info.spec.state_from_json(obj)  # the position must be valid as written
        pos = compare_position(adapter, obj, option_name, choices)
        result["position"] = pos.to_json()
        extra.append(obj)
        if not as_json:
            click.echo(f"position {position_file}: option {option_name}")
            for a in pos.analyses:
                click.echo("  " + adapter.describe_choice(a))
            click.echo("  the choices " + ("DISAGREE on the best move" if pos.disagree else "agree on the best move"))
    if deals:
        tty = sys.stderr.isatty()

        def progress(done: int) -> None:
            if tty:
                click.echo(f"\r{done}/{deals} deals", err=True, nl=False)

        rep = compare_deals(adapter, option_name, choices, deals, seed, progress)
        if tty:
            click.echo("", err=True)
        result["deals"] = rep.to_json()
        if not as_json:
            n = rep.deals - rep.skipped
            click.echo(f"{rep.deals} deals (seed {seed}, {players} players), option {option_name}: "
                       f"{' | '.join(label(c) for c in choices)}")
            click.echo(f"  best opening move differs in {rep.best_differs}/{n} deals ({rep.best_definition})")
            for k, v in rep.best_vs_first.items():
                click.echo(f"    {k}: {v}")
            click.echo(f"  final result differs in {rep.final_differs}/{n} deals ({rep.final_definition})")
            for k, v in rep.final_vs_first.items():
                click.echo(f"    {k}: {v}")
            click.echo(f"  mean final result: {json.dumps(rep.mean_final)}")
            if rep.skipped:
                click.echo(f"  {rep.skipped} deals skipped (node limit)")
    if witness:
        if not adapter.supports_witness:
            result["witness"] = None
            if not as_json:
                click.echo(f"witness search: not available for {info.name}")
        else:
            w = find_witness(adapter, option_name, choices, seed=seed, max_size=witness_size, tries=tries,
                             extra=extra)
            if w is None:
                result["witness"] = None
                if not as_json:
                    click.echo(f"witness: none found up to {witness_size} cards in hands and centre")
            else:
                wf = witness_file(adapter, w, option_name)
                result["witness"] = {"size": w.size, "report": w.report.to_json(), "position": wf}
                if out_file:
                    write_json_atomic(out_file, wf)
                if not as_json:
                    click.echo(f"smallest witness found: {w.size} cards in hands and centre"
                               + (f" (written to {out_file})" if out_file else ""))
                    first = next(a for a in w.report.analyses if not a.error)
                    state = adapter.state_with(wf, option_name, first.choice)
                    for line in info.spec.describe(state).splitlines():
                        click.echo("  " + line)
                    for a in w.report.analyses:
                        click.echo("  " + adapter.describe_choice(a))
    if as_json:
        _echo_json(result)
