"""Small Three Fools positions for tests: name the hands (and any pile that matters); the
remaining cards of the 45 are dealt to the other piles in turn."""

from __future__ import annotations

from typing import Any

from foolsolve.cards import PILATCH45
from foolsolve.spec.three_fools import SPEC, State


def position(hands: list[list[str]], piles: list[list[str] | None] | None = None, *, fill: tuple[int, ...] = (0, 1, 2),
             **fields: Any) -> dict[str, Any]:
    """A position JSON: ``hands``; ``piles`` (``None`` entries are filled); the rest of the deck goes
    round robin to the piles listed in ``fill`` whose entry is ``None``."""
    piles = [None, None, None] if piles is None else list(piles)
    used = {PILATCH45.parse(c) for h in hands for c in h}
    used |= {PILATCH45.parse(c) for p in piles if p is not None for c in p}
    for c in fields.get("centre", [None, None, None]):
        if c is not None:
            used.add(PILATCH45.parse(c))
    rest = [c.ascii for c in PILATCH45 if c not in used]
    targets = [p for p in fill if piles[p] is None]
    out: list[list[str]] = [list(p) if p is not None else [] for p in piles]
    for i, c in enumerate(rest):
        out[targets[i % len(targets)]].append(c)
    obj: dict[str, Any] = {"game": "three-fools", "hands": hands, "piles": out}
    obj.update(fields)
    return obj


def state(hands: list[list[str]], piles: list[list[str] | None] | None = None, **fields: Any) -> State:
    """The spec state of :func:`position`."""
    return SPEC.state_from_json(position(hands, piles, **fields))


def rounds_for(held: list[list[str]], free: list[str], leader: int,
               binary: str = "down") -> tuple[list[dict[str, Any]], list[list[str]], int]:
    """A public history the rules allow in which every card of ``held[p]`` (in seat ``p``'s hand) and
    of ``free`` (put in the piles) was revealed, ending with a round won by ``leader`` (who leads
    now): ``(rounds, piles, streak)``. A card revealed in a round goes under its winner's pile (so a
    held card is won by its holder, and a free card lies in its winner's pile); the last round is a
    Roshambo round (three suits) whose cards, with a bonus of the odd cards, lie at the bottom of
    the leader's pile in the order they went there; no player wins three rounds in a row. Every
    round is played under ``binary`` (the side the binary card shows after it: the position's)."""
    from foolsolve.spec.three_fools import SUIT_TEXT, round_winner

    card = {c.ascii: c for c in PILATCH45}
    rest = list(free)
    last: list[str] = []
    for c in list(rest):
        if card[c].suit not in {card[x].suit for x in last}:
            last.append(c)
            rest.remove(c)
            if len(last) == 3:
                break
    groups = [list(h) for h in held]
    for g in groups:
        while len(g) % 3:
            g.append(rest.pop())
    bonus = [rest.pop() for _ in range(len(rest) % 3)]
    while rest:
        min(groups, key=len).extend(rest.pop() for _ in range(3))
    triples = {p: [groups[p][i:i + 3] for i in range(0, len(groups[p]), 3)] for p in range(3)}
    left = {p: len(triples[p]) for p in range(3)}
    winners: list[int] = []
    while any(left.values()):
        # no three rounds in a row to one player (she would have won the game), nor two to the
        # leader just before her last round
        ok = [p for p in range(3) if left[p] and winners[-2:] != [p, p]
              and not (sum(left.values()) == 1 and winners[-1:] == [p] == [leader])]
        p = max(ok or [p for p in range(3) if left[p]], key=lambda q: left[q])
        left[p] -= 1
        winners.append(p)
    order = [(p, triples[p].pop()) for p in winners] + [(leader, last)]
    rounds: list[dict[str, Any]] = []
    piles: list[list[str]] = [[], [], []]
    in_hand = {c for h in held for c in h}
    previous = (order[0][0] + 1) % 3
    streak = 0
    for i, (w, cards) in enumerate(order):
        seats = list(cards)
        top = round_winner(tuple(card[c] for c in seats), binary)
        if top is not None:
            seats[top], seats[w] = seats[w], seats[top]
        lead = previous
        streak = streak + 1 if w == lead else 1
        b: list[list[str]] = [[], [], []]
        if i == len(order) - 1:
            b[(w + 1) % 3] = bonus
        rounds.append({"leader": lead, "binary": binary, "declared": SUIT_TEXT[card[seats[lead]].suit],
                       "cards": seats, "winner": w, "bonus": b})
        if i < len(order) - 1:
            piles[w].extend(c for c in seats if c not in in_hand)
        else:
            piles[w].extend([seats[(lead + k) % 3] for k in range(3)] + bonus)
        previous = w
    return rounds, piles, streak
