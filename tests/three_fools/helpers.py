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


def rounds_for(held: list[list[str]], free: list[str], leader: int, binary: str = "down",
               collect_order: str = "leader_first") -> tuple[list[dict[str, Any]], list[list[str]], int]:
    """A public history the rules allow in which every card of ``held[p]`` (in seat ``p``'s hand) and
    of ``free`` (put in the piles) was revealed, ending with a round won by ``leader`` (who leads
    now): ``(rounds, piles, streak)``, ``piles`` the shown cards of each pile, top first.

    A card revealed in a round goes under its winner's pile (002 §Winning a Round), in the order the
    rules' ``collect_order`` gives (the centre cards in seat order from the round's leader, or from
    its winner, then the bonus), and a pile is drawn from the top. So a held card is won by its
    holder, and her held cards are the first cards she collected (she drew them back); every card
    she collected after them is still in her pile, at its bottom, in that order. Each player's
    rounds come in that order: those of held cards only, then the one mixing held cards with free
    ones (seated so that the held cards go under the pile first), then those of free cards only.
    The last round is a Roshambo round (three suits) with a bonus of the odd cards; no player wins
    three rounds in a row. The last round is played under ``binary`` (the side the binary card shows
    after it: the position's); an earlier round mixing held and free cards may be played under the
    other side where its cards need it (the leader may flip before each round)."""
    from itertools import permutations

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
    pads = [(-len(h)) % 3 for h in held]
    n_bonus = (len(rest) - sum(pads)) % 3
    count = [-(-len(h) // 3) for h in held]
    free_triples = (len(rest) - sum(pads) - n_bonus) // 3
    for _ in range(free_triples):
        count[min(range(3), key=lambda q: count[q])] += 1
    left = dict(enumerate(count))
    winners: list[int] = []
    while any(left.values()):
        # no three rounds in a row to one player (she would have won the game), nor two to the
        # leader just before her last round
        ok = [p for p in range(3) if left[p] and winners[-2:] != [p, p]
              and not (sum(left.values()) == 1 and winners[-1:] == [p] == [leader])]
        p = max(ok or [p for p in range(3) if left[p]], key=lambda q: left[q])
        left[p] -= 1
        winners.append(p)
    winners.append(leader)
    leaders = [(winners[0] + 1) % 3, *winners[:-1]]
    in_hand = {c for h in held for c in h}

    def first(lead: int, w: int) -> int:
        return lead if collect_order == "leader_first" else w

    def seated(cards: list[str], lead: int, w: int) -> tuple[list[str], str] | None:
        """The cards by seat, and the side played under, so that ``w`` wins (or three suits show)
        and the held cards go under her pile before the free ones."""
        for side in (binary, "up" if binary == "down" else "down"):
            for seats in permutations(cards):
                top = round_winner(tuple(card[c] for c in seats), side)
                order = [seats[(first(lead, w) + k) % 3] for k in range(3)]
                flags = [c in in_hand for c in order]
                if top in (w, None) and flags == sorted(flags, reverse=True):
                    return list(seats), side
        return None

    # each player's rounds: held only, then the mixed one (padded with free cards that can be seated), then free only
    plan: dict[int, list[list[str]]] = {}
    mixed_at = {p: [i for i, w in enumerate(winners[:-1]) if w == p][len(held[p]) // 3] if pads[p] else None
                for p in range(3)}
    for p in range(3):
        h = list(held[p])
        plan[p] = [h[i:i + 3] for i in range(0, len(h) - len(h) % 3, 3)]
        if pads[p]:
            i = mixed_at[p]
            assert i is not None
            pick = next((list(extra) for extra in permutations(rest, pads[p])
                         if seated(h[len(h) - len(h) % 3:] + list(extra), leaders[i], p) is not None), None)
            if pick is None:
                raise ValueError(f"no free cards seat with player {p}'s held cards {h}")
            for c in pick:
                rest.remove(c)
            plan[p].append(h[len(h) - len(h) % 3:] + pick)
    bonus = [rest.pop() for _ in range(n_bonus)]
    for p in range(3):
        while len(plan[p]) < count[p]:
            plan[p].append([rest.pop() for _ in range(3)])
    assert not rest
    rounds: list[dict[str, Any]] = []
    gained: list[list[str]] = [[], [], []]
    streak = 0
    for i, w in enumerate(winners):
        lead = leaders[i]
        cards = plan[w].pop(0) if i < len(winners) - 1 else last
        found = seated(cards, lead, w)
        assert found is not None, cards
        seats, side = found
        if i == len(winners) - 1:
            side = binary
        streak = streak + 1 if w == lead else 1
        b: list[list[str]] = [[], [], []]
        if i == len(winners) - 1:
            b[(w + 1) % 3] = bonus
        rounds.append({"leader": lead, "binary": side, "declared": SUIT_TEXT[card[seats[lead]].suit],
                       "cards": seats, "winner": w, "bonus": b})
        gained[w] += [seats[(first(lead, w) + k) % 3] for k in range(3)] + [c for k in (1, 2) for c in b[(w + k) % 3]]
    piles: list[list[str]] = []
    for p in range(3):
        assert set(gained[p][:len(held[p])]) == set(held[p]), (p, gained[p], held[p])
        piles.append(gained[p][len(held[p]):])
    return rounds, piles, streak
