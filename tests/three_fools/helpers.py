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
               collect_order: str = "leader_first") -> tuple[list[dict[str, Any]], list[list[str]], int, list[str]]:
    """A public history the rules allow in which every card of ``held[p]`` (in seat ``p``'s hand) and
    of ``free`` (put in the piles) was revealed, but for the odd ones, ending with a round won by
    ``leader`` (who leads now): ``(rounds, piles, streak, odd)``, ``piles`` the shown cards of each
    pile, top first, ``odd`` the free cards no round revealed (none, one or two).

    A card revealed in a round goes under its winner's pile (002 §Winning a Round), in the order the
    rules' ``collect_order`` gives (the centre cards in seat order from the round's leader, or from
    its winner, then the bonus), and a pile is drawn from the top. So a held card is won by its
    holder, and her held cards are the first cards she collected (she drew them back); every card
    she collected after them is still in her pile, at its bottom, in that order. Each player's
    rounds come in that order: those of held cards only, then the one mixing held cards with free
    ones (seated so that the held cards go under the pile first), then those of free cards only.
    Her last round of held cards may be a Roshambo round (three suits), whose winner also takes the
    top three cards of each loser's pile (002 §Winning a Round; the piles hold more than three as
    every round begins, and the position reader checks each bonus against the pile sizes): six free
    cards, never revealed before, from the tops of the losers' piles, collected after the held
    ones. Every other round is won by its cards, so the rounds reveal a multiple of three cards, and
    the free cards beyond it are the ``odd`` ones, left for the caller to put where no round placed
    them (on top of the pile of a player who holds no shown card). No player wins three rounds in a
    row. The last round is played under ``binary`` (the side the binary card shows after it: the
    position's); an earlier round may be played under the other side where its cards need it (the
    leader may flip before each round)."""
    from itertools import combinations, islice, permutations

    from foolsolve.spec.three_fools import SUIT_TEXT, round_winner

    card = {c.ascii: c for c in PILATCH45}
    in_hand = {c for h in held for c in h}

    def suits(cards: Any) -> int:
        return len({card[c].suit for c in cards})

    def first(lead: int, w: int) -> int:
        return lead if collect_order == "leader_first" else w

    def seated(cards: list[str], lead: int, w: int, roshambo: bool) -> tuple[list[str], str] | None:
        """The cards by seat, and the side played under, so that ``w`` wins by the cards (or, for
        ``roshambo``, three suits show) and the held cards go under her pile before the free ones."""
        for side in (binary, "up" if binary == "down" else "down"):
            for seats in permutations(cards):
                top = round_winner(tuple(card[c] for c in seats), side)
                order = [seats[(first(lead, w) + k) % 3] for k in range(3)]
                flags = [c in in_hand for c in order]
                if top == (None if roshambo else w) and flags == sorted(flags, reverse=True):
                    return list(seats), side
        return None

    # each player's held cards in an order whose full triples are won by their cards, but the last
    # where no held card is left over (a Roshambo round then: its bonus goes under after them)
    order: list[list[str]] = []
    for h in held:
        full = len(h) - len(h) % 3
        fits = (list(o) for o in islice(permutations(h), 5000)
                if all(suits(o[i:i + 3]) < 3 for i in range(0, full, 3) if i + 3 < len(h) or len(h) % 3))
        got = next(fits, None)
        if got is None:
            raise ValueError(f"held cards {h} make no rounds the rules allow here")
        order.append(got)
    rosh_mixed: set[int] = set()
    while True:
        rest = list(free)
        # the last round: three free cards that seat so that the leader wins under ``binary``
        last = next(list(seats) for trio in combinations(rest, 3) for seats in permutations(trio)
                    if round_winner(tuple(card[c] for c in seats), binary) == leader)
        for c in last:
            rest.remove(c)
        plan = {p: [order[p][i:i + 3] for i in range(0, len(order[p]) - len(order[p]) % 3, 3)] for p in range(3)}
        pads = [(-len(h)) % 3 for h in held]
        roshambos = sum(suits(cards) == 3 for p in range(3) for cards in plan[p]) + len(rosh_mixed)
        n_triples = (len(rest) - sum(pads) - 6 * roshambos) // 3
        if n_triples < 0:
            raise ValueError("too few free cards for the held cards' rounds")
        count = [len(plan[p]) + (pads[p] > 0) for p in range(3)]
        for _ in range(n_triples):
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
        again = False
        for p in range(3):
            if not pads[p]:
                continue
            i = [k for k, w in enumerate(winners[:-1]) if w == p][len(plan[p])]
            h = order[p][len(order[p]) - len(order[p]) % 3:]
            pad = next((list(extra) for extra in permutations(rest, pads[p])
                        if seated(h + list(extra), leaders[i], p, p in rosh_mixed) is not None), None)
            if pad is None and p not in rosh_mixed:
                rosh_mixed.add(p)  # her last held cards seat only in a Roshambo round
                again = True
                break
            if pad is None:
                raise ValueError(f"no free cards seat with player {p}'s held cards {held[p]}")
            for c in pad:
                rest.remove(c)
            plan[p].append(h + pad)
        if not again:
            break
    bonuses = [rest[6 * i:6 * i + 6] for i in range(roshambos)]
    rest = rest[6 * roshambos:]
    # the free-only rounds: three cards of at most two suits each (won by their cards)
    triples: list[list[str]] = []
    while len(triples) < n_triples:
        trio = next((list(t) for t in combinations(rest, 3) if suits(t) < 3), None)
        if trio is None:
            raise ValueError(f"the free cards {rest} make no round won by its cards")
        triples.append(trio)
        for c in trio:
            rest.remove(c)
    odd = rest
    held_rounds = {p: len(plan[p]) for p in range(3)}
    for p in range(3):
        while len(plan[p]) < count[p]:
            plan[p].append(triples.pop())
    rounds: list[dict[str, Any]] = []
    gained: list[list[str]] = [[], [], []]
    streak = 0
    done = [0, 0, 0]
    for i, w in enumerate(winners):
        lead = leaders[i]
        b: list[list[str]] = [[], [], []]
        if i < len(winners) - 1:
            cards = plan[w].pop(0)
            done[w] += 1
            roshambo = (done[w] <= held_rounds[w] and all(c in in_hand for c in cards) and suits(cards) == 3) \
                or (done[w] == held_rounds[w] and w in rosh_mixed)
            found = seated(cards, lead, w, roshambo)
            if found is None:
                raise ValueError(f"no seating of {cards} lets player {w} win")
            seats, side = found
            if roshambo:
                bonus = bonuses.pop()
                b[(w + 1) % 3], b[(w + 2) % 3] = bonus[:3], bonus[3:]
        else:
            seats, side = last, binary
        streak = streak + 1 if w == lead else 1
        rounds.append({"leader": lead, "binary": side, "declared": SUIT_TEXT[card[seats[lead]].suit],
                       "cards": seats, "winner": w, "bonus": b})
        gained[w] += [seats[(first(lead, w) + k) % 3] for k in range(3)] + [c for k in (1, 2) for c in b[(w + k) % 3]]
    piles: list[list[str]] = []
    for p in range(3):
        assert set(gained[p][:len(held[p])]) == set(held[p]), (p, gained[p], held[p])
        piles.append(gained[p][len(held[p]):])
    return rounds, piles, streak, odd
