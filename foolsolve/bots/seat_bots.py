"""The bots that think from their seat: ``pimc``, ``ismcts`` (foolsolve.seat, docs/seat.md) and
``openspiel-ismcts`` (OpenSpiel's own ``ISMCTSBot`` through the bridge, extra ``openspiel``).

Each reads its seat's view file only (:func:`foolsolve.worlds.read_view`), so every world it
searches is drawn by the worlds sampler from what its player sees; with one legal move it plays it
without searching. The move chosen is the analysis' first best move (ties in the game's move
order); ``pimc:prefer=greedy`` (Fool's Paradise's default, ``GameInfo.pimc_prefers_greedy``) plays
the game's ``greedy`` move instead unless the worlds put the best move ahead of it
(:func:`preferred`). The analysis is seeded by the seat's seed, so a game replays identically
(with ``time=`` the number of worlds or iterations reached depends on the machine; give
``samples=`` / ``iterations=`` for a reproducible match). With ``time=``, a move whose time runs
out before one world is valued values one world the quickest way (one playout a legal move:
:func:`foolsolve.seat.one_quick_world`), so a move takes about its time. ``clock=`` says what ``time=`` measures: ``wall``
(elapsed seconds, the default: what a person at the table waits) or ``cpu`` (the CPU seconds of the
thread that thinks: a fair budget on a loaded machine, what bench/bench_arena.py uses).
``frontier=`` is the policy of the playouts that value the positions a world's search or IS-MCTS
does not reach the end from (:mod:`foolsolve.playouts`).

Where one family of moves is longer than :data:`foolsolve.game.MAX_CONSIDERED` (255: Fools and Angels'
exchanges, such as every set of a hand of 9 or more cards, and its attacks past 255), these bots and their searches
consider the other moves and the family's bounded candidates only (:func:`foolsolve.game.search_moves`: the attacks'
a seeded uniform sample), at the root and in the tree; their random playouts still draw from every legal move. The
analysis takes the seat's moves (:attr:`foolsolve.bots.Seat.legal` and :attr:`~foolsolve.bots.Seat.family`) for its
root, so a decision lists the spec's moves once.
"""

from __future__ import annotations

from typing import Any

from foolsolve.bots import Bot, BotInfo, Seat, number
from foolsolve.errors import InputError, option_name, quoted
from foolsolve.solver.base import MAX_NODES, MAX_SAMPLES, MAX_SECONDS

SEED_MASK = (1 << 31) - 1
CLOCK_DEFAULT = "wall"
"""``clock=``'s default: a person waiting for a move waits wall-clock seconds."""
PREFER = ("best", "greedy")
"""``pimc:prefer=``: the analysis' best move, or the game's ``greedy`` move unless the worlds put a
better one ahead of it (:func:`preferred`)."""


def _games_own(kind: str) -> str:
    """The game's own default of ``pimc``/``ismcts``'s ``search=`` (``kind`` ``"search"``),
    ``frontier=`` (``"frontier"``), ``prefer=`` (``"prefer"``) or ``concept=`` (``"concept"``) in words,
    read off where it is decided (each game's :attr:`~foolsolve.games.base.GameInfo.seat_search`,
    :attr:`~foolsolve.games.base.GameInfo.pimc_prefers_greedy` and
    :attr:`~foolsolve.games.base.GameInfo.seat_concept`), so the help cannot drift from it."""
    from foolsolve import games

    def joined(parts: list[str], last: str = "and") -> str:
        return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} {last} {parts[-1]}"

    parts: list[str] = []
    for info in games.all_games():
        if kind == "prefer":
            parts += [info.title] if info.pimc_prefers_greedy else []
        elif kind == "concept":
            parts += [info.title] if info.seat_concept == "max-n" else []
        elif kind == "frontier":
            where = [rule.where for rule in info.seat_search if rule.frontier == "greedy"]
            parts += [f"in {info.title} {joined(where)}"] if where else []
        else:
            rules = list(info.seat_search)
            said = [f"{rule.nodes:,} {rule.where}" if i == 0 or rule.nodes != rules[i - 1].nodes else rule.where
                    for i, rule in enumerate(rules)]
            parts += [f"{info.title} {joined(said)}"] if said else []
    if kind == "prefer":
        return f"greedy in {joined(parts)}, else best" if parts else "best"
    if kind == "concept":
        return f"max-n in {joined(parts)}, else paranoid" if parts else "paranoid"
    if kind == "frontier":
        return f"greedy {'; '.join(parts)}; else random" if parts else "random"
    return "; ".join(parts) if parts else "none"


def _worlds(seat: Seat) -> tuple[Any, Any]:
    from foolsolve import games
    from foolsolve.worlds import read_view, worlds_of_view

    info = games.get(seat.game)
    return info, worlds_of_view(read_view(seat.view, check=False))


def preferred(answer: Any, greedy: str) -> str:
    """The move ``pimc:prefer=greedy`` plays (by text), given the analysis' answer (a
    :class:`foolsolve.seat.SeatAnswer`) and the game's ``greedy`` move: that move where it is one of the
    best or the worlds do not put the best ahead of it, else the first best move. "Ahead" is the plain
    paired 95% test of the two moves over the worlds that valued both (:attr:`foolsolve.seat.MoveStat.paired`:
    its lower end above 0; one world valued: not ahead), one comparison that allows neither for the
    best being picked from the same worlds nor for the other moves: a playing rule, the one its arena
    figures were measured with (BENCHMARKS.md, "Playing strength"), not a claim the answer states
    (the answer's own comparisons, Hsu's multiple comparisons with the best, tell fewer moves apart).
    The best of a few worlds' means is often a move the noise of the worlds and playouts put first;
    greedy's move is the better guess until the worlds say otherwise."""
    if not answer.best:
        return greedy
    if greedy in answer.best:
        return greedy
    if answer.method == "pimc":
        for m in answer.moves:
            if m.move == greedy and m.paired is not None and not m.paired[0] > 0:
                return greedy
    return str(answer.best[0])


def _by_text(seat: Seat, text: str) -> Any:
    for move in seat.considered():
        if str(move) == text:
            return move
    return seat.considered()[0]


class SeatBot(Bot):
    """``pimc`` or ``ismcts`` through :func:`foolsolve.seat.analyse`."""

    def __init__(self, method: str, samples: int | None, seconds: float | None, nodes: int | None,
                 clock: str = "wall", frontier: str | None = None, search: int | None = None,
                 prefer: str | None = None, concept: str | None = None) -> None:
        self.method = method
        self.concept = concept
        """``pimc``'s concept of a world's search with three or more players; ``None``: the game's
        (``GameInfo.seat_concept``)."""
        self.prefer = prefer
        """``pimc``'s :data:`PREFER` choice; ``None``: the game's (``GameInfo.pimc_prefers_greedy``)."""
        self.samples = samples
        self.seconds = seconds
        self.nodes = nodes
        self.search = search
        self.clock = clock
        self.frontier = frontier

    def budget(self) -> Any:
        """A world's budget (:class:`foolsolve.seat.Budget`): ``nodes=`` alone sets the whole of it,
        the depth-limited search's too; ``search=`` the search's alone (else the game's own)."""
        from foolsolve.seat import WORLD_NODES, Budget

        search = self.search if self.search is not None else self.nodes
        return Budget(nodes=self.nodes if self.nodes is not None else WORLD_NODES, search_nodes=search,
                      frontier=self.frontier, concept=self.concept)

    def choose(self, seat: Seat) -> Any:
        from foolsolve.seat import CLOCKS, Settings, analyse, one_quick_world

        started = CLOCKS[self.clock]()  # time= counts the whole decision: reading the view too
        if seat.only_move() is not None:
            return seat.only_move()
        info, worlds = _worlds(seat)
        settings = Settings(method=self.method, samples=self.samples, seconds=self.seconds,
                            seed=seat.seed & SEED_MASK, budget=self.budget(), clock=self.clock, started=started)
        root_moves = (seat.legal, seat.family)  # her moves, the same in every world: not listed again
        try:
            answer = analyse(info, worlds, settings, names={}, root_moves=root_moves)
        except InputError:
            if self.seconds is None:
                raise
            # not one world valued in the time a move has (a world's budget longer than it, a slow or
            # loaded machine): one world, valued the quickest way
            answer = analyse(info, worlds, one_quick_world(settings), names={}, root_moves=root_moves)
        if answer.interrupted:
            # Ctrl-C reached the analysis, which kept its answer so far: the user stops the match
            # (the arena keeps the games finished), not this move
            raise KeyboardInterrupt
        if self.method == "pimc" and (self.prefer or ("greedy" if info.pimc_prefers_greedy else "best")) == "greedy":
            from foolsolve.bots.greedy import GreedyBot

            return _by_text(seat, preferred(answer, str(GreedyBot().choose(seat))))
        return _by_text(seat, answer.best[0]) if answer.best else seat.considered()[0]


class OpenSpielBot(Bot):
    """OpenSpiel's ``ISMCTSBot`` (:func:`foolsolve.openspiel.seat_ismcts`)."""

    def __init__(self, simulations: int) -> None:
        self.simulations = simulations

    def choose(self, seat: Seat) -> Any:
        if seat.only_move() is not None:
            return seat.only_move()
        from foolsolve.openspiel import seat_ismcts

        info, worlds = _worlds(seat)
        search = seat_ismcts(info, worlds, simulations=self.simulations, seed=seat.seed & SEED_MASK)
        return _by_text(seat, search.best[0]) if search.best else seat.considered()[0]


def _seat_bot(method: str, default_samples: int, key: str) -> Any:
    def make(params: dict[str, str], raw: str) -> Bot:
        label = f"{method}:{raw}" if raw else method
        # the caps of the command line's --time, --samples and --max-nodes (foolsolve.solver.base)
        seconds = number(params, "time", 0, 0.001, MAX_SECONDS, label) or None
        samples = int(number(params, key, default_samples if seconds is None else MAX_SAMPLES, 1, MAX_SAMPLES, label))
        nodes = int(number(params, "nodes", 0, 1, MAX_NODES, label)) if "nodes" in params else None
        search = int(number(params, "search", 0, 1, MAX_NODES, label)) if "search" in params else None
        from foolsolve.playouts import FRONTIERS
        from foolsolve.seat import CLOCKS

        clock = choice(params, "clock", CLOCK_DEFAULT, tuple(CLOCKS), label)
        frontier = choice(params, "frontier", "random", FRONTIERS, label) if "frontier" in params else None
        prefer = choice(params, "prefer", "best", PREFER, label) if "prefer" in params else None
        from foolsolve.solver.open_hand import CONCEPTS

        concept = choice(params, "concept", "paranoid", CONCEPTS, label) if "concept" in params else None
        return SeatBot(method, samples, seconds, nodes, clock, frontier, search, prefer, concept)
    return make


def choice(params: dict[str, str], key: str, default: str, allowed: tuple[str, ...], label: str) -> str:
    """A bot parameter that is one of ``allowed``, or a one-line error."""
    value = params.get(key, default)
    if value not in allowed:
        raise InputError(f"{option_name('--bot')} {label}: {key} must be one of {', '.join(allowed)}, not {quoted(value)}")
    return value


OPENSPIEL_SIMULATIONS = 50
"""``openspiel-ismcts``' default simulations a move: about a third of a second a move, so that a
one-deal Durak match against ``random`` (two games) takes about half a minute (500 took two
minutes, 100 most of one on a loaded machine)."""


def _openspiel(params: dict[str, str], raw: str) -> Bot:
    from foolsolve.errors import InputError

    try:
        import pyspiel  # noqa: F401
    except ImportError:
        raise InputError(f"{option_name('--bot')} openspiel-ismcts: needs OpenSpiel (pip install "
                         "'foolsolve[openspiel]')") from None
    label = f"openspiel-ismcts:{raw}" if raw else "openspiel-ismcts"
    return OpenSpielBot(int(number(params, "simulations", OPENSPIEL_SIMULATIONS, 1, MAX_SAMPLES, label)))


PIMC = BotInfo(name="pimc", summary="Perfect Information Monte Carlo from its seat (pimc:samples=N or time=S)",
               make=_seat_bot("pimc", 20, "samples"),
               params={"samples": "worlds sampled a move (default 20; with time=, as many as fit)",
                       "time": "seconds a move",
                       "nodes": "open-hand node budget a world (default 5,000; half for the exact solver), its "
                                "depth-limited search's too unless search= is given",
                       "search": "node budget of a world's depth-limited search when the exact solver has not "
                                 f"answered (default: the game's own, {_games_own('search')}; else the rest of "
                                 "nodes=)",
                       "clock": "what time= measures: wall (default) or cpu (this thread's CPU seconds)",
                       "frontier": "the playouts' policy at a world's search frontier: random or greedy (default: "
                                   f"the game's own, {_games_own('frontier')})",
                       "prefer": "best (the analysis' best move) or greedy (the greedy bot's move unless the "
                                 "worlds put a better one ahead of it, paired, at 95%; default: the game's own, "
                                 f"{_games_own('prefer')})",
                       "concept": "paranoid (the other players against it) or max-n (each player for herself): "
                                  "how a world's search plays the others with three or more players (default: the "
                                  f"game's own, {_games_own('concept')})"})
ISMCTS = BotInfo(name="ismcts", summary="information-set MCTS from its seat (ismcts:iterations=N or time=S)",
                 make=_seat_bot("ismcts", 1000, "iterations"),
                 params={"iterations": "iterations a move (default 1,000; with time=, as many as fit)",
                         "time": "seconds a move",
                         "clock": "what time= measures: wall (default) or cpu (this thread's CPU seconds)",
                         "frontier": "the playouts' policy: random or greedy (default: the game's own, "
                                     f"{_games_own('frontier')})"},
                 refused={"nodes": "pimc's node budget of a world; IS-MCTS searches no world, its playouts go to "
                                   "the end: bound it by iterations= or time=",
                          "search": "pimc's depth-limited search of a world; IS-MCTS searches no world",
                          "concept": "pimc's concept of a world's search; IS-MCTS scores each move for the "
                                     "player who chose it (max-n) and searches no world",
                          "prefer": "pimc's choice between its best move and greedy's by the worlds' paired "
                                    "intervals; IS-MCTS has no such intervals"})
OPENSPIEL = BotInfo(name="openspiel-ismcts", summary="OpenSpiel's ISMCTSBot through the bridge (simulations=N)",
                    make=_openspiel, params={"simulations": f"ISMCTS simulations a move (default {OPENSPIEL_SIMULATIONS})"})
