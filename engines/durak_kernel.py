"""Durak's rules on card masks, once, for the fast implementations (docs/durak-model.md).

Each function is one rule decision on integers: which cards beat which (:data:`BEATERS`), the
bout's limit and cap, which cards may lead together, which may be thrown in, when a transfer or a
shown trump is allowed, and how a two-player game ends. The engine (:mod:`foolsolve.engines.durak`),
its native playout (:mod:`foolsolve.engines.durak_playout`) and the solver's Python search run
these functions as they stand; the compiled search (:mod:`foolsolve.solver.durak.compiled`)
compiles the very same functions with numba. So a rule change touches the spec, the engine and
this module, and every fast implementation follows.

The functions are written for both: plain integer arithmetic and indexing on their arguments and
this module's constants, no calls (numba compiles each function on its own; a call to another
plain Python function would not compile), counts passed in rather than computed (``bit_count``
has no numba form). This module imports neither numba nor numpy; the compiled search keys its
on-disk cache by this file's text, since numba checks only the stamp of a function's own file.
"""

from __future__ import annotations

from foolsolve.cards import FRENCH52, SUIT_BITS

SUIT0 = (1 << SUIT_BITS) - 1
"""One suit's 16 bits (ranks 0..15) at slot 0."""
LANES = sum(1 << (SUIT_BITS * s) for s in range(4))
"""Bit 0 of every suit lane: ``LANES << r`` is every card of rank ``r``."""
SIX = 6
"""The bout limit while the stock has cards (or always under ``bout_limit == "six"``)."""
NO_LIMIT = 99
"""A bout limit larger than any hand (stock empty under ``six_then_hand``)."""
NO_TRUMP = -1
"""Trump slot meaning "no trump suit"."""
GOES_ON = 2
""":func:`two_player_end`: nobody is out, the game goes on."""


def _beaters(trump: int) -> tuple[int, ...]:
    """``out[i]`` = every card index that beats card ``i`` under this trump slot: a higher card of
    its suit, or any trump when ``i`` is not a trump (docs/durak-model.md "Cards")."""
    suits = [((1 << SUIT_BITS) - 1) << (SUIT_BITS * s) for s in range(4)]
    out = []
    for i in range(4 * SUIT_BITS):
        slot = i // SUIT_BITS
        higher = suits[slot] & ~((2 << i) - 1)  # same suit, higher rank
        if trump != NO_TRUMP and slot != trump:
            higher |= suits[trump]  # a trump beats any non-trump
        out.append(higher & FRENCH52.full_mask)
    return tuple(out)


BEATERS: dict[int, tuple[int, ...]] = {t: _beaters(t) for t in (NO_TRUMP, 0, 1, 2, 3)}
"""``BEATERS[trump_slot][card_index]``: the mask of cards that beat that card (a cover of it)."""


def bout_limit(first_bout: int, taking: int, first_limit: int, first_take6: int, six_always: int,
               stock_left: int) -> int:
    """docs/durak-model.md "Caps": ``first_bout_limit`` in the first bout (six once the defender
    takes, under ``first_bout_sixth_after_take``), else six while the stock has cards (or always
    under ``bout_limit == "six"``), else no limit."""
    if first_bout:
        if taking and first_take6 and first_limit < SIX:
            return SIX
        return first_limit
    if six_always or stock_left:
        return SIX
    return NO_LIMIT


def bout_cap(start: int, limit: int) -> int:
    """docs/durak-model.md "Caps": the most attack cards a bout may hold, ``min(defender_start,
    limit)`` (``start``: the defender's hand when the bout began)."""
    return start if start < limit else limit


CAPS: tuple[tuple[int, ...], ...] = tuple(
    tuple(bout_cap(start, limit) for start in range(4 * SUIT_BITS + 1)) for limit in range(NO_LIMIT + 1))
"""``CAPS[limit][start]``: :func:`bout_cap` by table, for the Python implementations that read it
at every bout (a table lookup costs less than a call)."""


def lead_heads(hand: int, cap: int) -> int:
    """docs/durak-model.md "LEAD" (a lead is 1..cap cards of one rank): the cards of ``hand`` that
    head a lead of several cards, those with another card of their rank in a higher suit slot;
    none when the cap is below two. (A rank holds a lead of several cards iff it holds a head.)"""
    if cap < 2:
        return 0
    return hand & (hand >> 16 | hand >> 32 | hand >> 48)


def throw_cards(hand: int, table: int) -> int:
    """docs/durak-model.md "THROW": the cards of ``hand`` that may be thrown in on ``table`` (the
    attack and cover cards): those of a rank on the table. (Whether the cap leaves room is the
    caller's test: ``attack cards < cap``.)"""
    return hand & ((table | table >> 16 | table >> 32 | table >> 48) & SUIT0) * LANES


def transfer_open(covered: int, first_bout: int, transfer_first: int, blocked: int, table_trumps: int) -> bool:
    """docs/durak-model.md "DEFEND", ``Transfer`` and ``ShowTrump`` (perevodnoy): passing the bout
    on is open while no table card is covered, in the first bout only under
    ``transfer_first_bout``, and (under ``transfer_blocked_by_trump``, with a trump suit) not
    while a trump is on the table (``table_trumps``: the attack cards of the trump suit)."""
    if covered or (first_bout and not transfer_first):
        return False
    return not (blocked and table_trumps)


def transfer_fits(held: int, attacks: int, limit: int) -> bool:
    """``Transfer``: the new defender holds at least ``attacks + 1`` cards and ``attacks + 1``
    is within the bout limit."""
    return held > attacks and attacks < limit


def show_fits(held: int, attacks: int, limit: int) -> bool:
    """``ShowTrump``: no card joins the table, so the new defender holds at least ``attacks``
    cards and ``attacks`` is within the bout limit."""
    return held >= attacks and attacks <= limit


def two_player_end(a: int, d: int, lastdef_loses: int) -> int:
    """docs/durak-model.md "End of the game", two players, the stock empty, after a bout (the
    table gone where it goes; ``a`` the bout's attacker's hand, ``d`` the defender's): the result
    for the attacker, 1 (the defender is the fool), -1 (the attacker is), 0 (a draw: both out,
    unless ``draw_outcome == "last_defender_loses"`` makes the defender the fool), or
    :data:`GOES_ON` while both hold cards."""
    if not a:
        if d or lastdef_loses:
            return 1
        return 0
    if not d:
        return -1
    return GOES_ON
