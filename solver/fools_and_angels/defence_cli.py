"""``foolsolve fools-and-angels defend``: Fools and Angels defences from the command line.

Three ways in:

* ``foolsolve fools-and-angels defend --attack "3D 6H 2C 2S" --hand "9C 4H 5S"``: the defender's best answers;
* ``foolsolve fools-and-angels defend --attacker-hand "..." --hand "..."``: the attacker's crushing attacks;
* ``foolsolve fools-and-angels defend POSITION.json``: a fools-and-angels position file, read
  by the spec (``foolsolve.spec.fools_and_angels.state_from_json``). With an attack on the table
  the defender's side is solved, without one the side to move's crushing attacks.

Bad input raises :class:`foolsolve.errors.InputError` (the main CLI prints it, exit 2).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import click

from foolsolve import jsonout
from foolsolve.cards import Card, cards_text
from foolsolve.cli import Choice
from foolsolve.errors import InputError, quoted
from foolsolve.positions import read_json
from foolsolve.present import plural
from foolsolve.solver.fools_and_angels import defence as fd

METHODS = ("enum", "z3", "both")

T = TypeVar("T")


@dataclass(frozen=True)
class Request:
    """What to solve, after reading the options or a position file."""

    attack: tuple[Card, ...] | None
    """The attack to defend (defender's side), or ``None`` for the attacker's side."""
    hand: tuple[Card, ...]
    """The defender's hand."""
    attacker_hand: tuple[Card, ...] | None
    face_effects: dict[int, str]
    defence_face_cards: str
    source: str
    """Where the cards came from, for the human output."""


def game_default_dfc() -> str:
    """The game's default ``defence_face_cards`` (``foolsolve rules fools-and-angels``): what
    ``defend`` uses where neither the position nor ``--defence-face-cards`` says otherwise, so
    that it answers under the same rules as ``moves`` and the solver."""
    from foolsolve.spec.fools_and_angels import Rules

    value: str = Rules().defence_face_cards
    return value


def parse_face_effects_option(text: str) -> Mapping[Any, str] | str:
    """``--face-effects``: one effect for every face rank (``none``) or ``J=none,Q=whole_only``."""
    text = text.strip()
    if "=" not in text:
        return text
    out: dict[str, str] = {}
    for part in text.replace(" ", ",").split(","):
        if not part:
            continue
        key, sep, value = part.partition("=")
        if not sep:
            raise InputError(f"--face-effects: expected RANK=EFFECT, got {quoted(part)}")
        if key in out:
            raise InputError(f"--face-effects: {quoted(key)} appears twice (which effect is meant?)")
        out[key] = value
    return out


def request_from_position(obj: Any, source: str = "position") -> Request:
    """What ``defend`` solves in a fools-and-angels position, read by the spec's own reader (every
    field checked as for any command, each error naming its field): with an attack on the table
    (phase ``defend``) the defender's side, else the side to move's crushing attacks."""
    from foolsolve.spec.fools_and_angels import DEFEND, SPEC

    state = SPEC.state_from_json(obj)
    rules = state.rules
    effects = fd.normalise_face_effects({rank: getattr(rules.face_effects, rank) for rank in ("J", "Q", "K")},
                                        "rules.face_effects")
    dfc = fd.check_defence_face_cards(rules.defence_face_cards, "rules.defence_face_cards")
    hands = [fd.sort_cards(h) for h in state.hands]
    if state.phase == DEFEND and state.attack:
        defender = state.to_move
        attack = fd.validate_attack(fd.sort_cards(state.attack), len(hands[defender]))
        return Request(attack, hands[defender], None, effects, dfc, f"{source}: player {defender} defends")
    attacker = state.to_move
    return Request(None, hands[1 - attacker], hands[attacker], effects, dfc, f"{source}: player {attacker} attacks")


def _timed(fn: Callable[[], T]) -> tuple[T, float]:
    t0 = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t0


def _effects_json(effects: Mapping[int, str]) -> dict[str, str]:
    return {"JQK"[r - 11]: e for r, e in sorted(effects.items())}


def _effects_text(effects: Mapping[int, str]) -> str:
    groups: dict[str, list[str]] = {}
    for r, e in sorted(effects.items()):
        groups.setdefault(e, []).append("JQK"[r - 11])
    return ", ".join(f"{'/'.join(rs)} {e}" for e, rs in groups.items())


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


OBJECTIVE_TEXT = {fd.SHED: "most cards shed", fd.TAKE: "fewest cards taken",
                  fd.KEEP: "keeping the kept cards, most cards shed"}


def _solve_defence(req: Request, objective: str, keep: tuple[Card, ...], method: str, show_all: bool,
                   as_json: bool) -> int:
    assert req.attack is not None
    attack, hand = req.attack, req.hand
    kw: dict[str, Any] = {"face_effects": req.face_effects, "defence_face_cards": req.defence_face_cards}
    runs: dict[str, dict[str, Any]] = {}
    if method in ("enum", "both"):
        from foolsolve.solver.fools_and_angels.defence import best_defences, legal_defences

        legal, t_legal = _timed(lambda: legal_defences(attack, hand, **kw))
        best, t_best = _timed(lambda: best_defences(attack, hand, objective, keep=keep, **kw))
        runs["enum"] = {"legal": legal, "best": best, "seconds": t_legal + t_best}
    if method in ("z3", "both"):
        from foolsolve.solver.fools_and_angels.defence_z3 import z3_best_defences, z3_legal_defences

        zbest, tz_best = _timed(lambda: z3_best_defences(attack, hand, objective, keep=keep, **kw))
        zlegal: list[fd.Defence] | None = None
        tz_legal = 0.0
        if show_all or method == "z3":
            zlegal, tz_legal = _timed(lambda: z3_legal_defences(attack, hand, **kw))
        runs["z3"] = {"legal": zlegal, "best": zbest, "seconds": tz_best + tz_legal}
    main = runs["enum"] if "enum" in runs else runs["z3"]
    best = main["best"]
    legal = main["legal"]
    agree: bool | None = None
    if method == "both":
        agree = runs["enum"]["best"] == runs["z3"]["best"]
        if runs["z3"]["legal"] is not None:
            agree = agree and runs["enum"]["legal"] == runs["z3"]["legal"]
    score = fd.objective_score(best[0], objective)
    value = -score if objective == fd.TAKE else score
    targets = fd.available_targets(attack, req.face_effects)

    if as_json:
        out: dict[str, Any] = {
            "mode": "defend",
            "attack": [c.ascii for c in attack],
            "hand": [c.ascii for c in hand],
            "rules": {"face_effects": _effects_json(req.face_effects), "defence_face_cards": req.defence_face_cards},
            "attack_total": sum(fd.card_value(c) for c in attack),
            "targets": {t: {"needs": fd.target_total(attack, t), "cancels": [c.ascii for c in fd.target_cards(attack, t)]}
                        for t in targets},
            "objective": objective,
            "keep": [c.ascii for c in keep],
            "value": value,
            "best": [d.to_json() for d in best],
            "method": method,
            "seconds": {k: round(v["seconds"], 6) for k, v in runs.items()},
        }
        if legal is not None:
            out["legal_count"] = len(legal)
        if show_all and legal is not None:
            out["legal"] = [d.to_json() for d in legal]
        if agree is not None:
            out["agree"] = agree
        click.echo(jsonout.dumps(out, indent=1))
    else:
        reds = sum(fd.card_value(c) for c in fd.red_pips(attack))
        blacks = sum(fd.card_value(c) for c in fd.black_pips(attack))
        total = reds + blacks
        if req.source != "options":
            click.echo(f"({req.source})")
        click.echo(f"Attack   {cards_text(attack)}   total {fd.signed_text(total)}"
                   f"  (red {fd.signed_text(reds)}, black {fd.signed_text(blacks)})")
        click.echo(f"Hand     {cards_text(hand)}")
        click.echo(f"Rules    face effects: {_effects_text(req.face_effects)}; "
                   f"defence face cards: {req.defence_face_cards}")
        click.echo("Targets  " + " · ".join(f"{t} needs {fd.signed_text(fd.target_total(attack, t))}" for t in targets))
        if legal is not None:
            click.echo(f"{plural(len(legal), 'legal defence')} (plus surrender).")
        what = OBJECTIVE_TEXT[objective] + (f" [keep {cards_text(keep)}]" if keep else "")
        if best[0].is_surrender:
            click.echo(f"Best ({what}): no defence; surrender and take {cards_text(attack)}")
        else:
            unit = f"{plural(value, 'card')} " + ("taken" if objective == fd.TAKE else "shed")
            click.echo(f"Best ({what}): {unit}; {plural(len(best), 'tie')}")
            for d in best:
                click.echo(f"  {d}")
        if show_all and legal is not None:
            click.echo("All legal defences:")
            for d in legal:
                click.echo(f"  {d}")
            click.echo(f"  {fd.surrender(attack)}")
        _echo_method(method, runs, agree)
    return 0 if agree is not False else 1


def _echo_method(method: str, runs: Mapping[str, Mapping[str, Any]], agree: bool | None) -> None:
    times = ", ".join(f"{k} {_ms(v['seconds'])}" for k, v in runs.items())
    if agree is None:
        click.echo(f"Method   {method} ({times})")
    elif agree:
        click.echo(f"Method   both: enumerator and Z3 agree ({times})")
    else:
        click.echo(f"Method   both: ENUMERATOR AND Z3 DISAGREE ({times})")


def _solve_attack(req: Request, method: str, show_all: bool, as_json: bool) -> int:
    assert req.attacker_hand is not None
    ah, dh = req.attacker_hand, req.hand
    runs: dict[str, dict[str, Any]] = {}
    verdicts: list[fd.AttackVerdict] | None = None
    crush: fd.CrushingAttacks | None = None
    if method in ("enum", "both"):
        (verdicts, crush), t = _timed(lambda: (fd.attack_verdicts(ah, dh, face_effects=req.face_effects),
                                               fd.crushing_attacks(ah, dh, face_effects=req.face_effects)))
        runs["enum"] = {"seconds": t}
    z: tuple[int, set[frozenset[Card]], set[frozenset[Card]]] | None = None
    if method in ("z3", "both"):
        from foolsolve.solver.fools_and_angels.defence_z3 import z3_crushing_attacks

        z, t = _timed(lambda: z3_crushing_attacks(ah, dh, face_effects=req.face_effects))
        runs["z3"] = {"seconds": t}
    agree: bool | None = None
    if crush is None:
        # Z3 alone: the verdicts are rebuilt from its attack sets.
        assert z is not None
        legal_attacks = z[0]
        no_whole = sorted((fd.sort_cards(s) for s in z[1]), key=lambda cs: (len(cs), [fd.display_key(c) for c in cs]))
        no_def = {fd.sort_cards(s) for s in z[2]}
        rows: list[tuple[tuple[Card, ...], bool]] = [(cs, cs in no_def) for cs in no_whole]
        allowed = len(dh) >= len(ah)
    else:
        legal_attacks = crush.legal_attacks
        rows = [(v.cards, not v.defendable) for v in crush.no_whole]
        allowed = crush.attack_allowed
        if z is not None:
            agree = (z[0] == crush.legal_attacks
                     and z[1] == {frozenset(v.cards) for v in crush.no_whole}
                     and z[2] == {frozenset(v.cards) for v in crush.no_defence})
    by_cards = {v.cards: v for v in verdicts} if verdicts is not None else {}

    if as_json:
        def row_json(cs: Sequence[Card]) -> dict[str, Any]:
            if cs in by_cards:
                return by_cards[tuple(cs)].to_json()
            return {"cards": [c.ascii for c in cs], "total": sum(fd.card_value(c) for c in cs)}

        out: dict[str, Any] = {
            "mode": "attack",
            "attacker_hand": [c.ascii for c in ah],
            "hand": [c.ascii for c in dh],
            "rules": {"face_effects": _effects_json(req.face_effects)},
            "attack_allowed": allowed,
            "legal_attacks": legal_attacks,
            "no_whole_defence": [row_json(cs) for cs, _ in rows],
            "no_defence": [row_json(cs) for cs, nodef in rows if nodef],
            "method": method,
            "seconds": {k: round(v["seconds"], 6) for k, v in runs.items()},
        }
        if show_all and verdicts is not None:
            out["attacks"] = [v.to_json() for v in verdicts]
        if agree is not None:
            out["agree"] = agree
        click.echo(jsonout.dumps(out, indent=1))
    else:
        if req.source != "options":
            click.echo(f"({req.source})")
        click.echo(f"Attacker {cards_text(ah)}")
        click.echo(f"Defender {cards_text(dh)}")
        click.echo(f"Rules    face effects: {_effects_text(req.face_effects)}")
        if not allowed:
            click.echo("Note     the defender holds fewer cards than the attacker: no attack is allowed now "
                       "(003 \"no player may attack a player with fewer cards in hand than them\").")
        n_nodef = sum(1 for _, nodef in rows if nodef)
        click.echo(f"{plural(legal_attacks, 'legal attack')}; "
                   f"{len(rows)} leave no defence of the whole attack, {n_nodef} no defence at all.")
        for cs, nodef in rows:
            if cs in by_cards:
                click.echo(f"  {by_cards[cs]}")
            else:
                tot = fd.signed_text(sum(fd.card_value(c) for c in cs))
                click.echo(f"  {cards_text(cs)} ({tot}): " + ("no defence at all" if nodef else "no whole defence"))
        if show_all and verdicts is not None:
            click.echo("All legal attacks:")
            for v in verdicts:
                rest = ", ".join(v.defendable) if v.defendable else "no defence"
                click.echo(f"  {cards_text(v.cards)} ({fd.signed_text(v.total)}): defendable {rest}")
        _echo_method(method, runs, agree)
    return 0 if agree is not False else 1


@click.command("defend")
@click.argument("position", required=False)
@click.option("--attack", "attack_text", help='The attack to defend, e.g. "3D 6H 2C 2S".')
@click.option("--hand", "hand_text", help="The defender's hand.")
@click.option("--attacker-hand", "attacker_text", help="The attacker's hand: list its crushing attacks.")
@click.option("--objective", type=Choice(fd.OBJECTIVES), default=None,
              help="shed: most cards shed (default); take: fewest cards taken; keep: --keep cards stay, then most shed.")
@click.option("--keep", "keep_text", help="Cards that must stay in hand (implies --objective keep).")
@click.option("--method", type=Choice(METHODS), default="enum", show_default=True,
              help="enum: exact enumerator; z3: the Z3 model; both: run both and report agreement.")
@click.option("--all", "show_all", is_flag=True, help="Also list every legal defence (or every legal attack).")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@click.option("--face-effects", "face_effects_text",
              help='Face effects: "whole_only" (default), "none", or per rank "J=none,Q=whole_only".')
@click.option("--defence-face-cards", type=Choice(fd.DEFENCE_FACE_CARDS), default=None,
              help="with_pips (the game's default) | never: face cards (counting 0) may join a defence that has pip "
                   "cards, or a defence is pip cards only. Default: the position's rules, else the game's default.")
@click.pass_context
def defend_command(ctx: click.Context, position: str | None, attack_text: str | None, hand_text: str | None,
                   attacker_text: str | None, objective: str | None, keep_text: str | None, method: str,
                   show_all: bool, as_json: bool, face_effects_text: str | None,
                   defence_face_cards: str | None) -> None:
    """Fools and Angels: the defender's best defences of an attack, or the attacker's crushing
    attacks (attacks that leave no defence of the whole attack)."""
    if position is not None:
        if attack_text or hand_text or attacker_text:
            raise InputError("position: give either a position file or --attack/--hand/--attacker-hand, not both")
        req = request_from_position(read_json(position), position)
    else:
        if hand_text is None:
            raise InputError("--hand: missing (the defender's hand), or give a position file")
        if (attack_text is None) == (attacker_text is None):
            raise InputError("--attack: give exactly one of --attack (defend) and --attacker-hand (attack)")
        hand = fd.check_cards(hand_text, "--hand")
        if attack_text is not None:
            attack = fd.validate_attack(attack_text, len(hand), what="--attack")
            both = set(attack) & set(hand)
            if both:
                raise InputError(f"--hand: {fd.sort_cards(both)[0].ascii} is also in --attack")
            req = Request(attack, fd.sort_cards(hand), None, fd.normalise_face_effects(None), game_default_dfc(),
                          "options")
        else:
            assert attacker_text is not None
            ah = fd.check_cards(attacker_text, "--attacker-hand")
            both = set(ah) & set(hand)
            if both:
                raise InputError(f"--hand: {fd.sort_cards(both)[0].ascii} is also in --attacker-hand")
            req = Request(None, fd.sort_cards(hand), fd.sort_cards(ah), fd.normalise_face_effects(None),
                          game_default_dfc(), "options")
    if face_effects_text is not None:
        effects = fd.normalise_face_effects(parse_face_effects_option(face_effects_text), "--face-effects")
        req = Request(req.attack, req.hand, req.attacker_hand, effects, req.defence_face_cards, req.source)
    if defence_face_cards is not None:
        req = Request(req.attack, req.hand, req.attacker_hand, req.face_effects, defence_face_cards, req.source)

    keep: tuple[Card, ...] = ()
    if keep_text is not None:
        keep = fd.sort_cards(fd.check_keep(keep_text, req.hand))
        if objective not in (None, fd.KEEP):
            raise InputError(f"--keep: only used with --objective keep (not {objective})")
        objective = fd.KEEP
    if objective is None:
        objective = fd.SHED
    if objective == fd.KEEP and not keep:
        raise InputError("--keep: --objective keep needs the cards to keep")

    if req.attack is None:
        if keep_text is not None or objective != fd.SHED:
            raise InputError("--objective: objectives apply to the defender's side (give an attack)")
        code = _solve_attack(req, method, show_all, as_json)
    else:
        code = _solve_defence(req, objective, keep, method, show_all, as_json)
    if code:
        ctx.exit(code)
