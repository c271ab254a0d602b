"""The exact answers under every rule option: for each game, rule options drawn at random (every
option with a list of choices, the player count, the options without choices as the solver tests
draw them), a seeded random game played until a small position remains, then every root move's
value of ``foolsolve.answer`` (the open-hand answer, ``--open-hand``, and the default answer where
the player to move sees every card that matters) equal to exhaustive search over the spec under
the concept the answer names: paranoid or max-n payoffs
(:func:`foolsolve.solver.minimax.open_hand_values`; with two players, the payoff difference where
the answer gives it), Foolery's going out first, Fool's Paradise's own score minus the best other
score. A position whose spec search passes :data:`SPEC_NODES`, or whose answer is not exact within
ten seconds, is left out. A few hundred solves per game in deep runs (``HYPOTHESIS_PROFILE=long``);
two seeded positions per game in every run of the suite.

Three Fools keeps every card in play (a pile is played again once collected), so random play never
leaves a small position: its positions are built small (:func:`tests.three_fools.exact.short_game`:
two players a card or two from losing), under rules with every option drawn and a
Roshambo table one time in four, and both ``--open-hand`` concepts (paranoid, ``-o concept=max-n``)
are compared with :func:`tests.three_fools.exact.game_values`, a search written again from the
spec's moves that values a game that never ends at 0 and at 1 (the answer must not depend on it).
Fools and Angels' ``no_legal_action = "lose"`` gets positions of its own
(:func:`stuck_position`): small endgames and stocks whose search reaches a player who can neither
attack, regroup nor pass."""

from __future__ import annotations

import os
import random
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from foolsolve import api, games
from foolsolve.errors import InputError, LimitError
from foolsolve.game import CHANCE
from foolsolve.rules import random_rules
from foolsolve.solver import minimax
from foolsolve.spec.fools_paradise import CENTRE_SIZE, DECK_CARDS, HAND_SIZE
from tests.foolery.test_solver import spec_first_out
from tests.fools_and_angels.test_solver import DRAWN_HERE, no_legal_action_loss_reached
from tests.fools_paradise.test_solver import paranoid_value
from tests.generic.test_open_hand import live_cards
from tests.three_fools import exact as three_fools_exact

# the other tests' helpers are imported here, not inside the test: importing a module of
# hypothesis tests while a hypothesis test runs applies their @given inside it (a failed health check)

LONG = pytest.mark.skipif(os.environ.get("HYPOTHESIS_PROFILE") != "long",
                          reason="a few hundred exact solves per game (HYPOTHESIS_PROFILE=long runs it)")

CARDS = 7
"""Live cards at most (:func:`size`)."""

CI_CHECKED = 2
"""The positions per game every run of the suite compares."""

CI_SEEDS = 12
"""The most seeds every run of the suite tries per game
(:func:`test_every_moves_exact_value_equals_exhaustive_search_on_a_few_seeded_positions`)."""


def drawn(game: str, rng: random.Random) -> tuple[Any, int]:
    """Rules with every option drawn, and a player count (up to eight)."""
    spec = games.get(game).spec
    players = rng.randint(spec.min_players, min(spec.max_players, 8))
    extra: dict[str, Any] = {}
    if game == "fools-and-angels":
        extra = {name: draw(rng) for name, draw in DRAWN_HERE.items()}
    if game == "fools-paradise":
        extra["decks"] = -(-(HAND_SIZE * players + CENTRE_SIZE) // DECK_CARDS) + rng.choice([0, 0, 1])
    return random_rules(spec.rules_cls, rng, **extra), players


def size(obj: dict[str, Any]) -> int:
    """Live cards of a position's JSON: hands, stock and table, Fools and Angels' stocks and pool
    (Three Fools' positions are built small instead: :func:`small_position`)."""
    return live_cards(obj) + sum(len(part) for part in obj.get("stocks", [])) + len(obj.get("pool", []))


def small_position(game: str, seed: int) -> Any:
    """The first position of a random game under drawn rules with at most :data:`CARDS` live
    cards, a player to move and two legal moves (the next game's where a game ends before one);
    ``None`` after twenty games without one. Three Fools: a position built small
    (:func:`tests.three_fools.exact.short_game`) under random rules (a Roshambo table one time in
    four)."""
    spec = games.get(game).spec
    rng = random.Random(seed)
    if game == "three-fools":
        from foolsolve.games.three_fools import random_rules_tf

        s = three_fools_exact.short_game(rng, random_rules_tf(rng))
        return s if spec.result(s) is None and len(spec.legal_moves(s)) >= 2 else None
    for _ in range(20):
        rules, players = drawn(game, rng)
        try:
            s = spec.deal(rules, players, rng)
        except InputError:  # a player count these rules do not deal (teams, deck size)
            continue
        try:
            for _ in range(3000):
                if spec.result(s) is not None:
                    break
                if (size(spec.state_to_json(s)) <= CARDS and spec.to_move(s) != CHANCE
                        and len(spec.legal_moves(s)) >= 2):
                    return s
                s = spec.apply(s, rng.choice(spec.legal_moves(s)))
        except LimitError:  # more moves than the spec lists (Fools and Angels' exchanges of a long hand)
            pass
    return None


SPEC_NODES = 30_000
"""Positions whose search over the spec expands more nodes than this are left out (a few seconds)."""


class TooBig(Exception):
    """The search over the spec expanded more than :data:`SPEC_NODES` nodes."""


class Counted:
    """A spec whose ``legal_moves`` raises :class:`TooBig` after :data:`SPEC_NODES` calls."""

    def __init__(self, spec: Any) -> None:
        self.spec, self.calls = spec, 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.spec, name)

    def legal_moves(self, s: Any) -> Any:
        self.calls += 1
        if self.calls > SPEC_NODES:
            raise TooBig
        return self.spec.legal_moves(s)


def spec_values(game: str, s: Any, answer: api.Solved) -> dict[str, Any]:
    """Every root move's value by exhaustive search over the spec under ``answer``'s concept,
    written as the answer writes it."""
    spec: Any = Counted(games.get(game).spec)
    player = answer.player if answer.player is not None else spec.to_move(s)
    if game == "three-fools":
        concept = "max-n" if answer.concept == "max-n" else "paranoid"
        try:
            want = three_fools_exact.game_values(s, player, concept, SPEC_NODES)
            if concept == "paranoid":  # the same whatever a game that never ends is worth
                assert three_fools_exact.game_values(s, player, concept, SPEC_NODES, endless=Fraction(1)) == want
        except three_fools_exact.TooBig:
            raise TooBig from None
        return dict(want)
    moves = spec.legal_moves(s)
    if game == "foolery" and answer.value_kind == "outcome":  # going out first (win) or not (loss)
        best = min(p for p in range(1, s.players + 1) if p not in s.places)
        memo: dict[Any, bool] = {}
        return {spec.move_text(m): "win" if spec_first_out(spec.apply(s, m), player, best, memo) else "loss"
                for m in moves}
    if game == "fools-paradise" and answer.concept == "paranoid":  # own score minus the best other score
        return {spec.move_text(m): Fraction(paranoid_value(spec.apply(s, m), player)) for m in moves}
    concept = "max-n" if answer.concept == "max-n" else "paranoid"
    want = minimax.open_hand_values(spec, s, player, concept)
    if answer.value_kind == "outcome":
        return {m: "win" if v > 0 else "loss" if v < 0 else "draw" for m, v in want.items()}
    if want != answer_values(answer) and spec.num_players(s) == 2 and player == spec.to_move(s):
        return dict(minimax.move_values(spec, s))  # two players: the payoff difference
    return want


def answer_values(answer: api.Solved) -> dict[str, Any]:
    if answer.value_kind == "outcome":
        return {m.move: m.value for m in answer.moves}
    return {m.move: Fraction(str(m.value)) for m in answer.moves}


@LONG
@pytest.mark.parametrize("game", games.names())
@settings(max_examples=300)
@given(seed=st.integers(0, 2 ** 32))
def test_every_moves_exact_value_equals_exhaustive_search_over_the_spec(game: str, seed: int) -> None:
    s = small_position(game, seed)
    if s is not None:
        check_answers(game, s, seed)


@pytest.mark.parametrize("game", games.names())
def test_every_moves_exact_value_equals_exhaustive_search_on_a_few_seeded_positions(game: str) -> None:
    """The deep test's check in every run of the suite (the ``ci`` profile too): seeds 0, 1, ... until
    :data:`CI_CHECKED` positions are compared (a position too big or not exact in two seconds is left
    out), at most :data:`CI_SEEDS` seeds."""
    checked = 0
    for seed in range(CI_SEEDS):
        s = small_position(game, seed)
        checked += s is not None and check_answers(game, s, seed, time=2)
        if checked == CI_CHECKED:
            return
    pytest.fail(f"{game}: {checked} of the first {CI_SEEDS} seeds gave a position checked, not {CI_CHECKED}")


def check_answers(game: str, s: Any, seed: int, time: float = 10) -> bool:
    """Every root move's exact value of the answers to ``s`` equals the search over the spec (an
    answer not exact within ``time`` seconds, or a search too big, is left out: ``False``, else
    ``True``)."""
    from foolsolve.cli import _SeatRequest

    # the default answer too where the player to move sees every card that matters (else it is the
    # answer from her seat, not an open-hand value)
    hidden = _SeatRequest.hidden_from_mover(games.get(game), s)
    asks: list[tuple[bool, dict[str, Any] | None]] = [(True, None)] + ([(False, None)] if not hidden else [])
    if game == "three-fools":  # the default answer of a round about to be led is the round odds (their own tests)
        asks = [(True, None), (True, {"concept": "max-n"})]
    for open_hand, options in asks:
        answer = api.answer(s, open_hand=open_hand, time=time, progress=False, options=options)
        assert isinstance(answer, api.Solved)
        if answer.value_kind == "estimate" or answer.unfinished:
            return False  # not exact within the time
        assert answer.value_kind in ("outcome", "score", "payoff")
        try:
            want = spec_values(game, s, answer)
        except TooBig:
            return False
        assert answer_values(answer) == want, (game, seed, open_hand, options, answer.method)
    return True


def stuck_position(seed: int) -> Any:
    """Fools and Angels under ``no_legal_action = "lose"``, every other option drawn: one to three
    cards a hand, an endgame (no stock, no pool) or a card or two in the stocks and pool, phase
    turn, whose search over the spec reaches a player who can neither attack, regroup nor pass
    (the loss this option gives); ``None`` where the drawn position is not one."""
    from dataclasses import replace

    from foolsolve.spec.fools_and_angels import SPEC, TURN, State

    rng = random.Random(seed)
    rules = replace(drawn("fools-and-angels", rng)[0], no_legal_action="lose")
    deck = sorted({c for which in ("player0", "player1", "pool") for c in rules.stocks.cards(which)})
    sizes = [rng.randint(1, 3), rng.randint(1, 3)]
    sizes += [0, 0, 0] if rng.random() < 0.5 else [rng.randint(0, 2), rng.randint(0, 1), rng.randint(0, 1)]
    cards = rng.sample(deck, sum(sizes))
    parts = [tuple(cards[sum(sizes[:i]):sum(sizes[:i + 1])]) for i in range(5)]
    s = State(rules, TURN, rng.randint(0, 1), (frozenset(parts[0]), frozenset(parts[1])), (parts[2], parts[3]),
              parts[4], turns_done=2)
    try:
        s = SPEC.state_from_json(SPEC.state_to_json(s))
    except InputError:
        return None
    if SPEC.result(s) is not None or len(SPEC.legal_moves(s)) < 2:
        return None
    return s if no_legal_action_loss_reached(s, SPEC_NODES) else None


@settings(max_examples=200)
@given(seed=st.integers(0, 2 ** 32))
def test_fools_and_angels_values_where_a_player_with_nothing_to_do_loses(seed: int) -> None:
    s = stuck_position(seed)
    if s is not None:
        check_answers("fools-and-angels", s, seed)
