"""Durak's rules on card masks and seats, once, for the fast implementations (docs/durak-model.md).

Each function is one rule decision on integers: which cards beat which (:data:`BEATERS`), the
bout's limit and cap, when a transfer or a shown trump fits, and how a two-player game ends; the
move generators, each a card mask: the cards that head a lead of several (:func:`lead_heads`),
that cover a card (:func:`cover_cards`), that may be thrown in (:func:`throw_cards`), that may
pass the bout on (:func:`transfer_cards`, laid in the sets :func:`transfer_set` lists) or be shown
(:func:`show_cards`); and the flow of play
between them: the next player in, who may throw in and in what order (and who is asked next), who
draws and how many cards, who leads the next bout, who attacks after a transfer, who goes out and
who is the fool. The engine (:mod:`foolsolve.engines.durak`, whose ``legal`` builds its moves from
the generators), its native playout (:mod:`foolsolve.engines.durak_playout`) and the solver's
Python search run these functions as they stand; :mod:`foolsolve.engines.durak_kernel_compiled`
compiles the very same functions with numba, once, for the compiled native playout and the
compiled search. So a rule change touches the spec, the engine and this module, and every fast
implementation follows.

The functions are written for both: plain integer arithmetic and indexing on their arguments and
this module's constants, no calls (numba compiles each function on its own; a call to another
plain Python function would not compile), counts passed in rather than computed (``bit_count``
has no numba form), lists of seats packed into one int (:data:`SEAT_BITS`). This module imports
neither numba nor numpy; both compiled users key their on-disk caches by this file's text
(:class:`~foolsolve.engines.durak_kernel_compiled.KeyedCache`), since numba checks only the stamp
of a function's own file.
"""

from __future__ import annotations

from pathlib import Path

from foolsolve.cards import BLACK_JOKER_INDEX, FRENCH52, RED_JOKER_INDEX, SUIT_BITS

KEY_FILES = (__file__, str(Path(__file__).with_name("durak_kernel_compiled.py")))
"""The files whose text keys numba's cache of compiled Durak code beside its own file's stamp: this
kernel and its compiled form (``durak_kernel_compiled.KeyedCache``, which reads them with numba
loaded; the cache lookups read them without, ``foolsolve.background.in_numba_cache``)."""

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
HAND_SIZE = 6
"""Players draw up to this many cards after each bout (001 §rules)."""
SEAT_BITS = 4
"""A list of seats packed into one int (:func:`thrower_order`, :func:`draw_order`): ``seat + 1``
in each 4-bit digit, the first seat in the lowest digit, 0 after the last."""
LEADER_DEFENDER, LEADER_AFTER = 0, 1
""":func:`next_leader`: the defender of the finished bout leads the next one, or the next player
after him."""
PLAYING, NO_FOOL = -2, -1
""":func:`fool`: two or more players are in; nobody is the fool (a draw)."""


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

RED_SLOTS = (1, 2)
"""Diamonds and hearts: the red suits' slots (clubs and spades are black)."""


def _beaters54(trump: int) -> tuple[int, ...]:
    """:data:`BEATERS` of the 54-card deck (docs/durak-model.md "Cards"): every card also beaten by
    the Joker of its colour and by the trump Joker (the Joker of the trump suit's colour); the trump
    Joker beaten by nothing, the other Joker by every trump and the trump Joker; no trump suit: no
    trump Joker, nothing beats a Joker."""
    out = list(_beaters(trump))
    red, black = 1 << RED_JOKER_INDEX, 1 << BLACK_JOKER_INDEX
    top = 0 if trump == NO_TRUMP else red if trump in RED_SLOTS else black
    for i in range(4 * SUIT_BITS):
        if FRENCH52.full_mask >> i & 1:
            out[i] |= (red if i // SUIT_BITS in RED_SLOTS else black) | top
    for joker in (red, black):
        j = joker.bit_length() - 1
        out[j] = 0 if trump == NO_TRUMP or joker == top else (FRENCH52.full_mask & SUIT0 << SUIT_BITS * trump) | top
    return tuple(out)


BEATERS54: dict[int, tuple[int, ...]] = {t: _beaters54(t) for t in (NO_TRUMP, 0, 1, 2, 3)}
"""``BEATERS54[trump_slot][card_index]``: :data:`BEATERS` with the 54-card deck's two Jokers (the
36- and 52-card decks keep :data:`BEATERS`)."""


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


def cover_cards(hand: int, beaters: int) -> int:
    """docs/durak-model.md "DEFEND", ``Cover``: the cards of ``hand`` that may cover an attack card
    whose beaters (:data:`BEATERS`, the card's entry) are ``beaters``."""
    return hand & beaters


def show_cards(passable: int, trumps: int, shown: int) -> int:
    """``ShowTrump``: the cards that may be shown to pass the bout on, the trumps among the
    :func:`transfer_cards` ``passable`` not shown yet in this bout."""
    return passable & trumps & ~shown


def throw_cards(hand: int, table: int) -> int:
    """docs/durak-model.md "THROW": the cards of ``hand`` that may be thrown in on ``table`` (the
    attack and cover cards): those of a rank on the table. (Whether the cap leaves room is the
    caller's test: ``attack cards < cap``.)"""
    return hand & ((table | table >> 16 | table >> 32 | table >> 48) & SUIT0) * LANES


def transfer_cards(hand: int, table: int, covered: int, first_bout: int, transfer_first: int, blocked: int,
                   table_trumps: int, barred: int) -> int:
    """docs/durak-model.md "DEFEND", ``Transfer`` and ``ShowTrump`` (perevodnoy): the cards of
    ``hand`` that may pass the bout on (be added to the table, one or more at once, or shown when
    trumps), those of the rank on the ``table`` (its attack cards) but the ``barred`` ones, while
    passing on is open: no table card is covered, not in the first bout unless
    ``transfer_first_bout``, and (under ``transfer_blocked_by_trump``, with a trump suit) no trump
    on the table (``table_trumps``: the attack cards of the trump suit). ``barred``: the cards of
    the trump suit under ``transfer_blocked_by_trump`` with ``transfer_trump_laid`` false (the trump
    laid or shown to transfer counts as a trump on the table), else 0. How many may be laid is
    :func:`transfer_room` (the sets laid, :func:`transfer_set`); whether one may be shown,
    :func:`show_fits`."""
    if covered or (first_bout and not transfer_first) or (blocked and table_trumps):
        return 0
    return hand & ~barred & ((table | table >> 16 | table >> 32 | table >> 48) & SUIT0) * LANES


def transfer_room(held: int, attacks: int, limit: int) -> int:
    """``Transfer`` (001 §Translation: "one or more cards of the same denomination can be
    transferred"): the most cards a transfer may lay beside the ``attacks`` on the table: the new
    defender must hold every attack card after it (``transfer_cap``: ``held``) and the bout limit
    must hold them, so ``min(held, limit) - attacks``; no transfer when that is below one."""
    most = held if held < limit else limit
    return most - attacks


def transfer_set(same: int, room: int, i: int) -> int:
    """``Transfer``: the ``i``-th (from 0) set of one to ``room`` cards of ``same`` (the
    :func:`transfer_cards`) in the spec's order of transfers: by the sorted tuple of card indices,
    lexicographically (the lowest card alone, then with the next, ...: a depth-first walk, as the
    leads); 0 past the last set (or when ``room`` is below one)."""
    if room < 1 or not same:
        return 0
    s = same & -same  # the first set: the lowest card alone
    top = s  # the highest card of ``s``
    size = 1
    while i:
        above = same & ~(top | (top - 1))  # the cards of ``same`` above ``top``
        if size < room and above:  # the set with the next card above its highest
            top = above & -above
            s |= top
            size += 1
        else:  # the next set without its highest card (going back up while there is none)
            while True:
                s ^= top
                size -= 1
                above = same & ~(top | (top - 1))
                if above:
                    top = above & -above
                    s |= top
                    size += 1
                    break
                if not s:
                    return 0
                top = s
                while top & (top - 1):  # the highest card of ``s``
                    top &= top - 1
        i -= 1
    return s


def transfer_count(n: int, room: int) -> int:
    """``Transfer``: how many sets :func:`transfer_set` gives from ``n`` cards with ``room``: the
    subsets of one to ``min(n, room)`` cards."""
    total = 0
    ways = 1
    j = 1
    while j <= n and j <= room:
        ways = ways * (n - j + 1) // j
        total += ways
        j += 1
    return total


def show_fits(held: int, attacks: int, limit: int) -> bool:
    """``ShowTrump``: no card joins the table, so the new defender holds at least ``attacks``
    cards and ``attacks`` is within the bout limit."""
    return held >= attacks and attacks <= limit


# --- the flow of play ---------------------------------------------------------------------
# Who moves, draws and leads between the rule decisions above: the engine and the native playout
# run these for any number of players; the searches (two players) compile or call the ones their
# positions reach (docs/architecture.md, "The Durak kernel"). Seats out of the game are a seat
# mask (``gone``: bit ``p`` set when seat ``p`` is out); a list of seats is packed into one int
# (:data:`SEAT_BITS`), so every function stays plain integer code.


def next_seat(p: int, n: int, gone: int) -> int:
    """docs/durak-model.md "End of a bout" ("the next player after ... who is not out"): the next
    seat after ``p`` clockwise (of ``n``) not in the seat mask ``gone``; ``p`` itself when nobody
    else is in."""
    q = p + 1
    if q == n:
        q = 0
    while gone >> q & 1 and q != p:
        q += 1
        if q == n:
            q = 0
    return q


def thrower_order(attacker: int, defender: int, n: int, gone: int, neighbours: int) -> int:
    """docs/durak-model.md "THROW": who may throw in, in priority order, packed
    (:data:`SEAT_BITS`). Under ``throwers == "neighbours"`` only the defender's two neighbours (the
    spec's ``neighbours_lead``): the bout's attacker first if he is one of them, then the left
    neighbour and the right one. Else the bout's attacker first, then every other player in
    clockwise order from the defender's left (nobody out, never the defender)."""
    left = defender + 1  # the next player after the defender
    if left == n:
        left = 0
    while gone >> left & 1 and left != defender:
        left += 1
        if left == n:
            left = 0
    if neighbours:
        right = left  # walk on to the player whose next is the defender: his right neighbour
        while True:
            q = right + 1
            if q == n:
                q = 0
            while gone >> q & 1 and q != right:
                q += 1
                if q == n:
                    q = 0
            if q == defender:
                break
            right = q
        packed = 0
        shift = 0
        if attacker == left or attacker == right:
            packed = attacker + 1
            shift = SEAT_BITS
        if left != attacker and left != defender:
            packed |= (left + 1) << shift
            shift += SEAT_BITS
        if right != attacker and right != left and right != defender:
            packed |= (right + 1) << shift
        return packed
    packed = attacker + 1
    shift = SEAT_BITS
    q = left
    while q != defender:
        if q != attacker:
            packed |= (q + 1) << shift
            shift += SEAT_BITS
        q += 1
        if q == n:
            q = 0
        while gone >> q & 1 and q != defender:
            q += 1
            if q == n:
                q = 0
    return packed


def throwers_after(order: int, p: int, again: int) -> int:
    """docs/durak-model.md "THROW": who is asked next, in turn, packed (:data:`SEAT_BITS`), after
    ``p`` threw in to a taker (``again``: the same thrower stays first) or passed: then the throwers
    after ``p`` in ``order`` (a :func:`thrower_order`; none when ``p`` is not in it)."""
    packed = 0
    shift = 0
    if again:
        packed = p + 1
        shift = SEAT_BITS
    seen = 0
    while order:
        q = (order & 15) - 1
        order >>= SEAT_BITS
        if seen:
            packed |= (q + 1) << shift
            shift += SEAT_BITS
        elif q == p:
            seen = 1
    return packed


def throw_ins_open(throw_ins: int, taking: int, after_take: int) -> bool:
    """docs/durak-model.md "THROW": whether anybody may throw in during this bout (room under the
    cap aside, the caller's test ``attack cards < cap``): only in the variants with throw-ins, and
    once the defender takes only under ``throw_in_after_take``."""
    if not throw_ins:
        return False
    if taking and not after_take:
        return False
    return True


def draw_order(attacker: int, defender: int, n: int, gone: int) -> int:
    """docs/durak-model.md "End of a bout", drawing: who draws, in turn, packed
    (:data:`SEAT_BITS`): the bout's lead attacker first, then clockwise every player still in, the
    defender last."""
    packed = 0
    shift = 0
    for i in range(n):
        q = attacker + i
        if q >= n:
            q -= n
        if q != defender and not gone >> q & 1:
            packed |= (q + 1) << shift
            shift += SEAT_BITS
    return packed | (defender + 1) << shift


def refill(held: int, left: int) -> int:
    """docs/durak-model.md "End of a bout", drawing: how many cards a player holding ``held`` draws
    from a stock of ``left``: up to :data:`HAND_SIZE`, as far as the stock goes (none when he holds
    six or more)."""
    need = HAND_SIZE - held
    if need <= 0:
        return 0
    return need if need < left else left


def next_leader(taken: int, defender_out: int) -> int:
    """docs/durak-model.md "End of a bout": who leads the next bout: the defender
    (:data:`LEADER_DEFENDER`) after a beaten bout, the next player after him
    (:data:`LEADER_AFTER`) after a take or when he has gone out."""
    if taken or defender_out:
        return LEADER_AFTER
    return LEADER_DEFENDER


def transfer_attacker(attacker: int, defender: int, new_defender: int, lead_stays: int) -> int:
    """docs/durak-model.md "DEFEND", ``Transfer`` and ``ShowTrump``: the bout's attacker after the
    defender passes it on to ``new_defender`` (the next player after him): the old defender,
    unless ``transfer_lead == "bout_leader"`` keeps the lead attacker (when he is not the new
    defender)."""
    if not lead_stays or new_defender == attacker:
        return defender
    return attacker


def goes_out(empty: int, gone: int, stock_left: int) -> int:
    """docs/durak-model.md "End of a bout", going out: the seats out after a bout (``empty``: the seats
    whose hands are empty once the draws are done): nobody goes out while the stock has cards;
    once it is empty, every player without cards is out."""
    if stock_left:
        return gone
    return gone | empty


def fool(n: int, gone: int, last_defender: int, lastdef_loses: int) -> int:
    """docs/durak-model.md "End of the game": :data:`PLAYING` while two or more players are in;
    else the fool's seat: the one player left, or with nobody left (the last ones went out
    together) :data:`NO_FOOL` (a draw), or the last defender under ``draw_outcome ==
    "last_defender_loses"``. (:func:`two_player_end` is this for two players, on hands.)"""
    alive = 0
    left = NO_FOOL
    for q in range(n):
        if not gone >> q & 1:
            alive += 1
            left = q
    if alive >= 2:
        return PLAYING
    if alive == 1:
        return left
    if lastdef_loses:
        return last_defender
    return NO_FOOL


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
