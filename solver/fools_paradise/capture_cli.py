"""``foolsolve fools-paradise capture``: the optimal Fool's Paradise collections of a hand on a centre.

::

    foolsolve fools-paradise capture --hand "2 3 9 K A" --centre "J 2 K 5 6"
    foolsolve fools-paradise capture --hand "KS 2H" --centre "JS,2D,KH,5C,6C" --objective points --json
    foolsolve fools-paradise capture POSITION.json            # the hand of the player to move

Cards are ``KS``/``K♠``/``10H``/``TH``; bare ranks (``K``, ``10``, ``A``) get distinct
suits in the order ♠ ♥ ♦ ♣ (``--ranks-only`` requires bare ranks everywhere).
Bad input raises :class:`~foolsolve.errors.InputError` (the main CLI prints one line and
exits with code 2).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import click

from foolsolve import jsonout
from foolsolve.cards import ACE, CLUBS, DIAMONDS, FRENCH52, HEARTS, SPADES, Card
from foolsolve.cli import Choice, Whole
from foolsolve.errors import InputError, quoted
from foolsolve.positions import read_json
from foolsolve.present import plural
from foolsolve.solver.fools_paradise.capture import (
    ACE_OPTIONS,
    CARD_POINTS,
    OBJECTIVES,
    PLAYED_CARD,
    AceChoice,
    CaptureReport,
    Collection,
    ace_choices,
    best_collections,
    check_option,
    legal_collections,
    legal_counts,
    objective_value,
)

GAME = "fools-paradise"
_GAME_ALIASES = {"fools-paradise", "fool's-paradise", "fools_paradise", "fools paradise"}
RANK_SUIT_ORDER: tuple[str, ...] = (SPADES, HEARTS, DIAMONDS, CLUBS)
"""Suits given to bare ranks, in this order."""
_RANKS = {str(r): r for r in range(2, 11)} | {"T": 10, "J": 11, "Q": 12, "K": 13, "A": ACE}
MAX_DECKS = 8
"""The most decks, as the rule option ``decks`` allows (``foolsolve.spec.fools_paradise.MAX_DECKS``;
this command does not load the spec)."""
MAX_LIMIT = 10_000
"""The largest ``--limit``: listing more collections than this is refused (exit 2), so that a
listing stays within seconds and about 100 MB (the counts are exact whatever the limit)."""
SHOW_PER_CARD = 20
"""Without ``--all``, a hand card's legal collections are listed when there are at most this many."""


@dataclass
class CaptureInput:
    """What the command works on."""

    hand: list[Card]
    centre: list[Card]
    ace: str
    card_points: str
    played_card: str
    decks: int
    player: int | None = None


# --- parsing -----------------------------------------------------------------------------------

def _tokens(text: str) -> list[str]:
    return [t for t in text.replace(",", " ").split() if t]


def parse_hand_and_centre(hand_text: str, centre_text: str, *, decks: int = 1, ranks_only: bool = False
                          ) -> tuple[list[Card], list[Card]]:
    """Parse ``--hand`` and ``--centre``. Suited cards may appear at most ``decks`` times in
    all; a card without a suit is an error, except with ``ranks_only``, where every card is a
    bare rank and gets the least used suit of that rank, ties in the order ♠ ♥ ♦ ♣ (the text
    prints ranks only)."""
    if not 1 <= decks <= MAX_DECKS:
        raise InputError(f"decks: expected a whole number of decks from 1 to {MAX_DECKS}, got {decks}")
    fields = {"hand": _tokens(hand_text), "centre": _tokens(centre_text)}
    parsed: dict[str, list[Card | int]] = {}
    used: dict[Card, int] = {}
    for name, toks in fields.items():
        out: list[Card | int] = []
        for t in toks:
            rank = _RANKS.get(t.upper())
            if rank is not None:
                if not ranks_only:
                    raise InputError(f"{name}: card {quoted(t)} has no suit (e.g. {t.upper()}S or {t.upper()}♠; bare ranks "
                                     "only with --ranks-only)")
                out.append(rank)
                continue
            if ranks_only:
                raise InputError(f"{name}: {quoted(t)} is not a bare rank (--ranks-only)")
            card = FRENCH52.parse(t, what=name)
            used[card] = used.get(card, 0) + 1
            if used[card] > decks:
                raise InputError(f"{name}: duplicate card {card.ascii}" if decks == 1
                                 else f"{name}: card {card.ascii} appears more than {decks} times (decks={decks})")
            out.append(card)
        parsed[name] = out
    result: dict[str, list[Card]] = {}
    for name, items in parsed.items():
        cards: list[Card] = []
        for item in items:
            if isinstance(item, Card):
                cards.append(item)
                continue
            # the least used suit of this rank, ties in the order ♠ ♥ ♦ ♣
            card = min((FRENCH52.card(suit, item) for suit in RANK_SUIT_ORDER), key=lambda c: used.get(c, 0))
            if used.get(card, 0) < decks:
                used[card] = used.get(card, 0) + 1
                cards.append(card)
            else:
                rank_text = {11: "J", 12: "Q", 13: "K", ACE: "A"}.get(item, str(item))
                raise InputError(f"{name}: rank {rank_text} appears more than {4 * decks} times (decks={decks})")
        result[name] = cards
    return result["hand"], result["centre"]


def _rule(rules: dict[str, Any], name: str, choices: Sequence[str], default: str) -> str:
    value = rules.get(name, default)
    if not isinstance(value, str) or value not in choices:
        raise InputError(f"rules.{name}: {json.dumps(value)} is not one of {' | '.join(choices)}")
    return value


def _card_list(obj: Any, what: str) -> list[Card]:
    if not isinstance(obj, list):
        raise InputError(f"{what}: expected a list of cards")
    return [FRENCH52.parse(t, what=f"{what}[{i}]") for i, t in enumerate(obj)]


def read_position(path: str, *, player: int | None = None) -> CaptureInput:
    """The hand of the player to move (or ``player``) and the centre of a Fool's Paradise
    position file. A small tolerant reader: it checks only the fields it uses (``game``,
    ``rules.ace|card_points|played_card|decks``, ``hands``, ``centre``, ``to_move``)."""
    obj = read_json(path)
    if not isinstance(obj, dict):
        raise InputError("position: expected a JSON object")
    game = obj.get("game")
    if not isinstance(game, str) or game.lower() not in _GAME_ALIASES:
        raise InputError(f"game: expected {GAME!r}, got {json.dumps(game)}")
    rules = obj.get("rules", {})
    if rules is None:
        rules = {}
    if not isinstance(rules, dict):
        raise InputError("rules: expected an object of rule options")
    ace = _rule(rules, "ace", ACE_OPTIONS, ACE_OPTIONS[0])
    card_points = _rule(rules, "card_points", CARD_POINTS, CARD_POINTS[0])
    played_card = _rule(rules, "played_card", PLAYED_CARD, PLAYED_CARD[0])
    decks = rules.get("decks", 1)
    if not isinstance(decks, int) or isinstance(decks, bool) or not 1 <= decks <= MAX_DECKS:
        raise InputError(f"rules.decks: expected a whole number of decks from 1 to {MAX_DECKS}, got {json.dumps(decks)}")
    hands = obj.get("hands")
    if not isinstance(hands, list) or not hands:
        raise InputError("hands: expected a non-empty list of hands")
    if player is None:
        player = obj.get("to_move")
        if not isinstance(player, int) or isinstance(player, bool):
            raise InputError(f"to_move: expected a player number, got {json.dumps(player)}")
        where = "to_move"
    else:
        where = "--player"
    if not 0 <= player < len(hands):
        raise InputError(f"{where}: player {player} is not one of 0..{len(hands) - 1}")
    key = "centre" if "centre" in obj else "center" if "center" in obj else None
    if key is None:
        raise InputError("centre: missing")
    centre = _card_list(obj[key], key)
    hand = _card_list(hands[player], f"hands[{player}]")
    # every visible card at most `decks` times
    seen: dict[Card, int] = {}
    visible = [(f"hands[{i}]", h) for i, h in enumerate(hands) if i != player and isinstance(h, list)]
    for what, cards in [(f"hands[{player}]", hand), (key, centre)] + [(w, _card_list(h, w)) for w, h in visible]:
        for c in cards:
            seen[c] = seen.get(c, 0) + 1
            if seen[c] > decks:
                raise InputError(f"{what}: duplicate card {c.ascii}" if decks == 1
                                 else f"{what}: card {c.ascii} appears more than {decks} times (decks={decks})")
    return CaptureInput(hand, centre, ace, card_points, played_card, decks, player)


# --- output ------------------------------------------------------------------------------------

def _rank_text(card: Card) -> str:
    return card.rank_text


def card_text(card: Card, *, ranks_only: bool = False) -> str:
    """A card for people: ``K♠`` (``K`` with ``--ranks-only``)."""
    return _rank_text(card) if ranks_only else str(card)


def choice_text(col: Collection, ch: AceChoice) -> str:
    """``26 = 2×13`` plus how the aces count (``[played A=14; taken aces: 1 at 1]``)."""
    v = col.played_value(ch)
    total = col.total(ch)
    out = f"{total} = {total // v}×{v}"
    notes = []
    if ch.played is not None:
        notes.append(f"played A={ch.played}")
    if ch.low or ch.high:
        parts = ([f"{ch.low} at 1"] if ch.low else []) + ([f"{ch.high} at 14"] if ch.high else [])
        notes.append("taken aces " + ", ".join(parts))
    return out + (f" [{'; '.join(notes)}]" if notes else "")


def collection_line(col: Collection, *, ranks_only: bool = False) -> str:
    """The taken cards and every way their sum works."""
    cards = " ".join(card_text(c, ranks_only=ranks_only) for c in col.cards)
    return f"{cards:<24} {' or '.join(choice_text(col, ch) for ch in col.choices)}"


def _best_lines(report: CaptureReport, *, ranks_only: bool) -> list[str]:
    what = {"cards": "most centre cards", "points": "most points",
            "clear": "clearing the centre, then most points"}[report.objective]
    lines = [f"Best ({what}, {report.method}):"]
    if report.value is None:
        lines.append("  no collection clears the centre" if report.objective == "clear" else "  no legal collection")
        return lines
    unit = "centre card" if report.objective == "cards" else "point"
    lines[0] += f" {plural(report.value, unit)}, {plural(report.count, 'collection')}"
    if report.truncated:
        lines[0] += f" (first {len(report.best)} listed)"
    for s in report.best:
        col = s.collection
        lines.append(f"  {card_text(col.card, ranks_only=ranks_only):>3} takes {collection_line(col, ranks_only=ranks_only)}"
                     f"   ({plural(s.cards, 'card')}, {plural(s.points, 'point')}"
                     f"{', clears' if s.clears else ''})")
    return lines


def agreement(dp: CaptureReport, z3r: CaptureReport) -> tuple[bool, str]:
    """Whether the two methods agree, with a one-line summary: the same optimum; every
    collection Z3 lists is optimal with the DP's ace valuations; the same number of optimal
    collections, and the same ones when both listed all of them."""
    if dp.value != z3r.value:
        return False, f"DISAGREE: optimum DP {dp.value}, Z3 {z3r.value}"
    for s in z3r.best:
        col = s.collection
        if ace_choices(col.card, col.cards, ace=dp.ace) != col.choices:
            return False, f"DISAGREE: ace valuations of {card_text(col.card)} taking {list(col.taken)}"
        if objective_value(s, dp.objective) != dp.value:
            return False, f"DISAGREE: Z3 lists {card_text(col.card)} taking {list(col.taken)}, not optimal"
    if z3r.count_exact and z3r.count != dp.count:
        return False, f"DISAGREE: DP counts {dp.count} optimal collections, Z3 {z3r.count}"
    if not z3r.count_exact and z3r.count > dp.count:
        return False, f"DISAGREE: Z3 lists {z3r.count} optimal collections, DP counts {dp.count}"
    if not dp.truncated and not z3r.truncated and dp.keys != z3r.keys:
        return False, "DISAGREE: different optimal collections"
    if z3r.count_exact:
        return True, f"DP and Z3 agree: optimum {dp.value}, {dp.count} optimal collection(s)"
    return True, (f"DP and Z3 agree on the optimum {dp.value}; DP counts {dp.count} optimal collections, "
                  f"Z3 listed {z3r.count} (limit), all optimal")


# --- the command -------------------------------------------------------------------------------

@click.command("capture")
@click.argument("position", required=False, type=click.Path(dir_okay=False))
@click.option("--hand", "hand_text", help="Hand cards with their suits, e.g. \"2S 3H 9D KC AS\" or \"2S,3H,9D,KC,AS\" "
              "(bare ranks, \"2 3 9 K A\": see --ranks-only).")
@click.option("--centre", "--center", "centre_text", help="Centre cards, same forms; their order gives the positions.")
@click.option("--ace", type=Choice(ACE_OPTIONS), default=None,
              help="Ace rule option (default: the position's rules, else either).")
@click.option("--objective", type=Choice(OBJECTIVES), default="cards", show_default=True,
              help="cards: most centre cards; points: most points; clear: clear the centre, then points.")
@click.option("--points", "card_points", type=Choice(CARD_POINTS), default=None,
              help="Card points: value (default) or count.")
@click.option("--played-card", type=Choice(PLAYED_CARD), default=None,
              help="Whether the played card is collected and scores (default collected).")
@click.option("--decks", type=Whole(min=1, max=MAX_DECKS), default=None,
              help="Decks in play, as the rule option decks (default 1, or the position's).")
@click.option("--player", type=Whole(), default=None, help="With a position: whose hand (default: to_move).")
@click.option("--method", type=Choice(("dp", "z3", "both")), default="dp", show_default=True,
              help="dp: dynamic program; z3: Z3 Optimize; both: run both and check they agree.")
@click.option("--z3-strategy", type=Choice(("optimize", "linear")), default="optimize", show_default=True,
              help="How Z3 maximises: Optimize, or SAT-UNSAT linear search (often faster).")
@click.option("--all", "show_all", is_flag=True, help="List every legal collection (up to --limit).")
@click.option("--limit", type=Whole(min=1, max=MAX_LIMIT), default=1000, show_default=True,
              help=f"Most collections listed, at most {MAX_LIMIT:,} (counts are always exact for the DP).")
@click.option("--ranks-only", is_flag=True, help="Cards are bare ranks (suits play no role in a collection); print "
              "ranks without suits.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def capture_command(position: str | None, hand_text: str | None, centre_text: str | None, ace: str | None,
                    objective: str, card_points: str | None, played_card: str | None, decks: int | None,
                    player: int | None, method: str, z3_strategy: str, show_all: bool, limit: int, ranks_only: bool,
                    as_json: bool) -> None:
    """Optimal Fool's Paradise collections of a hand on a centre (000 §Collecting Cards)."""
    if position is not None:
        if hand_text is not None or centre_text is not None:
            raise InputError("--hand: give either a position file or --hand/--centre, not both")
        inp = read_position(position, player=player)
        if decks is not None and decks != inp.decks:
            raise InputError(f"--decks: the position says decks={inp.decks}")
    else:
        if hand_text is None:
            raise InputError("--hand: missing (give --hand and --centre, or a position file)")
        if centre_text is None:
            raise InputError("--centre: missing (give --hand and --centre, or a position file)")
        if player is not None:
            raise InputError("--player: only with a position file")
        d = 1 if decks is None else decks
        hand, centre = parse_hand_and_centre(hand_text, centre_text, decks=d, ranks_only=ranks_only)
        inp = CaptureInput(hand, centre, ACE_OPTIONS[0], CARD_POINTS[0], PLAYED_CARD[0], d)
    if ace is not None:
        inp.ace = ace
    if card_points is not None:
        inp.card_points = card_points
    if played_card is not None:
        inp.played_card = played_card
    check_option("ace", inp.ace, ACE_OPTIONS)
    out = run_capture(inp, objective=objective, method=method, show_all=show_all, limit=limit,
                      z3_strategy=z3_strategy)
    if as_json:
        click.echo(jsonout.dumps(out["json"], indent=1))
    else:
        click.echo("\n".join(render_text(inp, out, show_all=show_all, ranks_only=ranks_only)))
    if not out["agree"]:
        raise click.exceptions.Exit(1)


def run_capture(inp: CaptureInput, *, objective: str, method: str, show_all: bool, limit: int,
                z3_strategy: str = "optimize") -> dict[str, Any]:
    """Compute everything the command prints: legal collections per hand card (DP counts,
    listed when few or with ``show_all``), the best report(s) and the agreement check."""
    counts = legal_counts(inp.hand, inp.centre, ace=inp.ace)
    per_card: list[list[Collection] | None] = [None] * len(inp.hand)
    if show_all or all(c <= SHOW_PER_CARD for c in counts):
        listed = legal_collections(inp.hand, inp.centre, ace=inp.ace, limit=limit if show_all else None)
        for h in range(len(inp.hand)):
            per_card[h] = [c for c in listed if c.hand_index == h]
    else:
        for h, n in enumerate(counts):
            if n <= SHOW_PER_CARD:
                per_card[h] = legal_collections(inp.hand, inp.centre, ace=inp.ace, only=h)
    reports: list[CaptureReport] = []
    if method in ("dp", "both"):
        reports.append(best_collections(inp.hand, inp.centre, ace=inp.ace, objective=objective,
                                        card_points=inp.card_points, played_card=inp.played_card, limit=limit))
    if method in ("z3", "both"):
        from foolsolve.solver.fools_paradise.capture_z3 import z3_best_collections

        reports.append(z3_best_collections(inp.hand, inp.centre, ace=inp.ace, objective=objective,
                                           card_points=inp.card_points, played_card=inp.played_card, limit=limit,
                                           strategy=z3_strategy))
    agree, summary = (True, "")
    if method == "both":
        agree, summary = agreement(reports[0], reports[1])
    js: dict[str, Any] = {
        "game": GAME,
        "hand": [c.ascii for c in inp.hand],
        "centre": [c.ascii for c in inp.centre],
        "rules": {"ace": inp.ace, "card_points": inp.card_points, "played_card": inp.played_card, "decks": inp.decks},
        "objective": objective,
        "legal": [
            {"hand_index": h, "card": card.ascii, "count": counts[h]}
            | ({"collections": [c.to_json() for c in per_card[h] or []]} if per_card[h] is not None else {})
            for h, card in enumerate(inp.hand)
        ],
        "best": reports[0].to_json(),
    }
    if inp.player is not None:
        js["player"] = inp.player
    if method == "both":
        js["check"] = {"z3": reports[1].to_json(), "agree": agree, "summary": summary}
    return {"counts": counts, "per_card": per_card, "reports": reports, "agree": agree, "summary": summary, "json": js}


def render_text(inp: CaptureInput, out: dict[str, Any], *, show_all: bool, ranks_only: bool) -> list[str]:
    """The human output."""
    def cards(cs: Sequence[Card]) -> str:
        return " ".join(card_text(c, ranks_only=ranks_only) for c in cs) or "(empty)"

    lines = []
    if inp.player is not None:
        lines.append(f"Player  {inp.player}")
    lines += [
        f"Hand    {cards(inp.hand)}",
        f"Centre  {cards(inp.centre)}",
        f"Rules   ace={inp.ace} card_points={inp.card_points} played_card={inp.played_card} decks={inp.decks}",
        "",
    ]
    counts: list[int] = out["counts"]
    lines.append(f"Legal collections: {sum(counts)}")
    for h, card in enumerate(inp.hand):
        n = counts[h]
        listed: list[Collection] | None = out["per_card"][h]
        head = f"  {card_text(card, ranks_only=ranks_only):>3}: "
        if n == 0:
            lines.append(head + "none")
            continue
        head += plural(n, "collection")
        if listed is None:
            lines.append(head + " (use --all to list them)")
            continue
        if len(listed) < n:
            head += f" (first {len(listed)} listed)"
        lines.append(head)
        lines += [f"        {collection_line(c, ranks_only=ranks_only)}" for c in listed]
    for report in out["reports"]:
        lines.append("")
        lines += _best_lines(report, ranks_only=ranks_only)
    if out["summary"]:
        lines += ["", out["summary"]]
    return lines
