"""The arena (foolsolve/arena.py, foolsolve/bots/): bookkeeping with known outcomes, seat rotation
and duplicate deals, resume after a kill, legal play by every bot in every game, views only,
external bots and their faults, Elo and Wilson against known values."""

from __future__ import annotations

import gc
import itertools
import json
import math
import os
import random
import re
import signal
import subprocess
import sys
import time
import types
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any, ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from foolsolve import arena, bots, games
from foolsolve.errors import InputError
from foolsolve.rules import rules_to_json
from foolsolve.stats import elo, elo_difference, wilson
from foolsolve.worlds import read_view
from tests.generic.playout_helpers import count_playouts
from tests.generic.test_cli import assert_one_line_error, run

REPO = Path(__file__).resolve().parents[2]
EXAMPLE_BOT = REPO / "docs" / "arena_bot_example.py"
GAMES = [info.name for info in games.all_games()]


# --- statistics ---------------------------------------------------------------------------------


def test_wilson_interval_of_known_proportions():
    lo, hi = wilson(8, 10)  # the textbook example: 8 of 10 -> [0.490, 0.943]
    assert (round(lo, 3), round(hi, 3)) == (0.490, 0.943)
    lo, hi = wilson(0, 20)
    assert lo == 0.0 and round(hi, 4) == 0.1611
    assert wilson(0, 0) == (0.0, 1.0)


def test_elo_of_two_players_is_the_log_odds_of_their_score():
    games_ = [(0, 1, 1.0)] * 75 + [(0, 1, 0.0)] * 25
    r = elo(2, games_, anchor=1, prior_games=0)
    assert r[1] == 1000 and math.isclose(r[0] - r[1], 400 * math.log10(3), abs_tol=1e-6)
    assert math.isclose(elo_difference(0.75), 400 * math.log10(3))


def test_elos_prior_is_one_virtual_win_and_one_virtual_loss_a_pair_as_the_docs_say():
    """docs/arena.md said "one virtual draw per pair" and the docstring "``prior_games`` virtual
    draws", but the fit adds a virtual win and a virtual loss (two draws) per prior game: a 4-0 is
    5 points to 1, 280 Elo apart, not 4.5 to 0.5 (382). The words now say what the code does."""
    four_nil = [(0, 1, 1.0)] * 4
    r = elo(2, four_nil, anchor=1)  # the arena's prior_games = 1
    assert r[1] == 1000 and math.isclose(r[0], 1000 + 400 * math.log10(5), abs_tol=1e-6)
    assert round(r[0]) == 1280
    half = elo(2, four_nil, anchor=1, prior_games=0.5)  # one drawn game
    assert math.isclose(half[0] - 1000, 400 * math.log10(4.5 / 0.5), abs_tol=1e-6)
    said = " ".join((REPO / "docs" / "arena.md").read_text().split())
    assert "one virtual win and one virtual loss for each pair of bots that met (two drawn games" in said
    assert "virtual draw" not in said and "virtual draws" not in " ".join((elo.__doc__ or "").split())


def test_elo_is_the_maximum_likelihood_fit():
    """At the maximum of the Bradley-Terry likelihood every player's expected score equals its
    actual score (the likelihood equations): a check independent of the fitting iteration."""
    rng = random.Random(5)
    truth = [0.0, 150.0, 300.0]
    played = []
    for _ in range(600):
        i, j = rng.sample(range(3), 2)
        p = 1 / (1 + 10 ** ((truth[j] - truth[i]) / 400))
        played.append((i, j, 1.0 if rng.random() < p else 0.0))
    r = elo(3, played, anchor=0, prior_games=0)
    for k in range(3):
        actual = sum(s if i == k else 1 - s for i, j, s in played if k in (i, j))
        expected = sum((1 / (1 + 10 ** ((r[j] - r[i]) / 400))) if i == k else (1 / (1 + 10 ** ((r[i] - r[j]) / 400)))
                       for i, j, s in played if k in (i, j))
        assert math.isclose(actual, expected, rel_tol=1e-6)


# --- seatings and bookkeeping -------------------------------------------------------------------


def test_every_bot_sits_in_every_seat_equally():
    assert arena.seatings(2, 2) == [(0, 1), (1, 0)]
    three = arena.seatings(2, 3)
    assert len(three) == 3 and all(sorted(s).count(0) == 2 for s in three)
    for seat in range(3):
        assert sorted(s[seat] for s in three) == [0, 0, 1]
    pairs = arena.seatings(3, 2)
    assert len(pairs) == 6 and set(pairs) == set(itertools.permutations(range(3), 2))


def _old_seatings(n_bots: int, players: int) -> list[tuple[int, ...]]:
    """The seatings as the arena first computed them (through every permutation of the seats):
    the order records and resume depend on."""
    if n_bots <= players:
        return sorted(set(itertools.permutations([i % n_bots for i in range(players)])))
    return [p for group in itertools.combinations(range(n_bots), players) for p in itertools.permutations(group)]


def test_the_seatings_keep_their_order_and_are_counted_without_enumerating_them():
    """``seatings`` went through every permutation of the seats (82 seats: for ever, deaf to
    Ctrl-C); it now generates the distinct ones alone, in the same order."""
    for n_bots in range(2, 6):
        for players in range(1, 8):
            got = arena.seatings(n_bots, players)
            assert got == _old_seatings(n_bots, players), (n_bots, players)
            assert arena.count_seatings(n_bots, players) == len(got)
            names = [f"b{i}" for i in range(n_bots)]
            assert all(arena._is_seating([names[i] for i in s], names, players) for s in got)
    assert not arena._is_seating(["b0", "b0", "b0"], ["b0", "b1"], 3)  # b1 never sits
    assert not arena._is_seating(["b0", "b0"], ["b0", "b1", "b2"], 2)  # one bot twice at a table of three bots
    assert len(arena.seatings(2, 12)) == arena.count_seatings(2, 12) == 924
    assert arena.count_seatings(2, 82) > 10**23


def test_a_match_of_too_many_games_is_refused_before_any_game(tmp_path, capsys):
    """82 seats and two bots ran for ever (every permutation of 82 seats), SIGTERM and Ctrl-C
    unheard; a match of more games than the limit is a one-line error saying how to shrink it."""
    out = tmp_path / "big82.jsonl"
    code, _, err = run(["arena", "fools-paradise", "--players", "82", "--rules", '{"decks":8}', "--bot", "random",
                        "--bot", "greedy", "--games", "1", "--out", str(out)], capsys)
    assert_one_line_error(code, err, "games, more than the limit of 1,000,000 games; use fewer players or bots")
    assert "82 seats and 2 bots" in err and not out.exists()
    with pytest.raises(InputError, match=r"Match\.deals 1000 would be 1,716,000 games"):
        arena.Match("fools-paradise", {}, 13, ("random", "greedy"), deals=1000, seed=1)


def test_games_has_one_limit_the_matchs_size(capsys):
    """--games has one limit, the match's size (MAX_GAMES games): the option's help states it, and
    the error names the most --games the table allows."""
    from foolsolve.arena_cli import arena_command

    for games_asked in ("2000000", "20000000"):
        code, _, err = run(["arena", "durak", "--bot", "random", "--bot", "greedy", "--games", games_asked], capsys)
        assert_one_line_error(code, err, f"--games {games_asked} would be", "more than the limit of 1,000,000 "
                              "games; use --games 500,000 or fewer (or fewer players or bots)")
    option = next(p for p in arena_command.params if p.name == "deals")
    assert getattr(option.type, "max", None) is None and f"{arena.MAX_GAMES:,} games" in option.help


def test_blank_lines_in_a_record_file_are_skipped_on_resume(tmp_path, capsys):
    """A record file with blank lines (a trailing one, one between games) was refused on resume
    ('line 3 is not JSON') while ``play --record`` and ``batch`` skip blank lines; the blank lines
    at its end are cut off, so the games a rerun appends follow the last record."""
    out = tmp_path / "m.jsonl"
    argv = ["arena", "three-fools", "--bot", "random", "--bot", "greedy", "--seed", "3", "--out", str(out)]
    code, _, err = run([*argv, "--games", "1"], capsys)
    assert code == 0, err
    header, *recs = out.read_text(encoding="utf-8").splitlines()
    out.write_text("\n".join([header, "", recs[0], "  ", *recs[1:]]) + "\n\n\n", encoding="utf-8")
    code, _, err = run(["play", str(out), "--record", "2"], capsys)
    assert code == 0, err
    code, _, err = run([*argv, "--games", "2", "--json"], capsys)
    assert code == 0, err
    text = out.read_text(encoding="utf-8")
    assert not text.endswith("\n\n") and text.count("\n\n") == 1  # the blank line between games stays
    assert len(_keys(out)) == len(set(_keys(out))) == 2 * len(recs)
    out.write_text("\n\n")  # blank lines alone: nothing recorded yet
    code, _, err = run([*argv, "--games", "1"], capsys)
    assert code == 0, err
    assert out.read_text(encoding="utf-8").splitlines()[0] == header


def test_a_record_holding_a_line_separator_resumes(tmp_path, capsys):
    """A record's text written as it is (U+2028 in a stopped game's reason) was split in two by
    ``str.splitlines`` on resume: 'line 3 is not JSON'."""
    out = tmp_path / "m.jsonl"
    argv = ["arena", "three-fools", "--bot", "random", "--bot", "greedy", "--games", "1", "--out", str(out)]
    code, _, err = run(argv, capsys)
    assert code == 0, err
    header, first, *rest = out.read_text(encoding="utf-8").splitlines()
    first = json.dumps({**json.loads(first), "stopped": "a\u2028b"}, ensure_ascii=False)
    out.write_text("\n".join([header, first, *rest]) + "\n", encoding="utf-8")
    code, _, err = run(argv, capsys)
    assert code == 0, err


def test_a_second_arena_writing_the_same_out_is_refused(tmp_path, capsys):
    """Two arenas given one --out both recorded every game (each file line twice, and the file
    then refused on resume: 'line 3 repeats the game of line 2'): the second is refused while the
    first holds the file, which it leaves as it was."""
    import fcntl

    out = tmp_path / "m.jsonl"
    argv = ["arena", "three-fools", "--bot", "random", "--bot", "greedy", "--games", "2", "--out", str(out)]
    code, _, err = run([*argv[:-3], "1", "--out", str(out)], capsys)
    assert code == 0, err
    data = out.read_bytes() + b'{"deal": 1, "seat'  # the first run's line being written
    out.write_bytes(data)
    with open(out, "ab") as held:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)  # as the first run holds it
        code, _, err = run(argv, capsys)
        assert_one_line_error(code, err, f"--out: another foolsolve is writing {out}")
        assert out.read_bytes() == data
    code, _, err = run(argv, capsys)  # the first run gone: the file resumes
    assert code == 0, err
    assert len(_keys(out)) == len(set(_keys(out))) == 6  # 2 deals, 3 seatings


class _Fixed(bots.Bot):
    def __init__(self, pick: int) -> None:
        self.pick = pick

    def choose(self, seat: bots.Seat) -> Any:
        return seat.legal[self.pick]


@pytest.fixture
def fixed_bots():
    bots.register(bots.BotInfo("first", "the first legal move", lambda p, r: _Fixed(0)))
    bots.register(bots.BotInfo("last", "the last legal move", lambda p, r: _Fixed(-1)))
    yield
    bots.unregister("first")
    bots.unregister("last")
    arena.close_bots()


def test_a_fixed_policy_pair_gives_the_counts_of_playing_the_deals_by_hand(fixed_bots):
    match = arena.Match("durak", {}, 2, ("first", "last"), deals=6, seed=3)
    records, interrupted = arena.run(match, None)
    assert not interrupted and len(records) == 12
    spec = games.get("durak").spec
    expect = {("first", "last"): [0, 0, 0]}
    for rec in records:
        state = spec.state_from_json(rec["start"])
        moves = []
        while spec.legal_moves(state):  # the same two policies, played here without the arena
            legal = spec.legal_moves(state)
            move = legal[0] if rec["seating"][spec.to_move(state)] == "first" else legal[-1]
            moves.append(str(move))
            state = spec.apply(state, move)
        assert moves == rec["moves"]
        ret = spec.returns(state)
        f = rec["seating"].index("first")
        tally = expect[("first", "last")]
        tally[0 if ret[f] > ret[1 - f] else 1 if ret[f] < ret[1 - f] else 2] += 1
    summary = arena.summarise(match, records)
    r = summary.pairs[("first", "last")]
    assert [r.wins, r.losses, r.draws] == expect[("first", "last")]
    # duplicate format: both seatings of a deal start from the same cards; different deals differ
    by_deal: dict[int, list[dict[str, Any]]] = {}
    for rec in records:
        by_deal.setdefault(rec["deal"], []).append(rec)
    assert all(len(v) == 2 and v[0]["start"] == v[1]["start"] for v in by_deal.values())
    assert len({json.dumps(v[0]["start"], sort_keys=True) for v in by_deal.values()}) == 6


def test_results_do_not_depend_on_the_number_of_workers(tmp_path):
    match = arena.Match("fools-paradise", {}, 2, ("random", "greedy"), deals=2, seed=9)
    one, _ = arena.run(match, None, workers=1)
    two, _ = arena.run(match, None, workers=2)
    strip = [{k: v for k, v in r.items() if k not in ("seconds", "cpu")} for r in one]
    assert strip == [{k: v for k, v in r.items() if k not in ("seconds", "cpu")} for r in two]


# --- resume -------------------------------------------------------------------------------------

SLOW_BOT = """
import json, sys, time
for line in sys.stdin:
    time.sleep(0.02)
    print(json.loads(line)["legal"][0], flush=True)
"""


def _keys(path: Path) -> list[tuple[int, tuple[str, ...]]]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [arena.key_of(json.loads(line)) for line in lines[1:] if line.strip()]


def test_a_killed_match_resumes_without_playing_a_game_twice(tmp_path):
    slow = tmp_path / "slow.py"
    slow.write_text(SLOW_BOT)
    out = tmp_path / "m.jsonl"
    argv = [sys.executable, "-m", "foolsolve", "arena", "durak", "--bot", "random", "--bot",
            f"cmd:{sys.executable} {slow}", "--games", "4", "--seed", "2", "--out", str(out)]
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if out.exists() and len(out.read_text(encoding="utf-8").splitlines()) >= 3:
            break
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    before = _keys(out)
    assert 2 <= len(before) < 8
    with open(out, "a", encoding="utf-8") as f:
        f.write('{"deal": 3, "seating": ["ran')  # a line torn by the kill
    proc = subprocess.run([*argv, "--json"], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    after = _keys(out)
    assert len(after) == len(set(after)) == 8 and after[: len(before)] == before
    assert json.loads(proc.stdout)["games"] == 8


def test_an_out_file_of_another_match_is_refused(tmp_path, capsys):
    out = tmp_path / "m.jsonl"
    code, _, err = run(["arena", "fools-paradise", "--bot", "random", "--bot", "greedy", "--games", "1",
                        "--out", str(out)], capsys)
    assert code == 0, err
    code, _, err = run(["arena", "fools-paradise", "--bot", "random", "--bot", "greedy", "--games", "1",
                        "--seed", "5", "--out", str(out)], capsys)
    assert_one_line_error(code, err, "another match")
    bad = tmp_path / "x.jsonl"
    bad.write_text("hello\n")
    code, _, err = run(["arena", "durak", "--bot", "random", "--bot", "greedy", "--out", str(bad)], capsys)
    assert_one_line_error(code, err, "not an arena record file")


@pytest.mark.parametrize("kind", ["not-records", "notes", "another-match", "random-bytes", "bad-record"])
def test_a_refused_out_file_is_left_byte_for_byte_as_it_was(tmp_path, capsys, kind):
    """The torn last line was cut off before the file was known to be this match's record file:
    a file then refused (JSON, notes, another match's records, random bytes) lost its last line."""
    bots_ = ["arena", "durak", "--bot", "random", "--bot", "greedy"]
    argv = [*bots_, "--games", "1", "--seed", "1"]
    out = tmp_path / "f"
    if kind == "not-records":
        data, needle = b'{"a":1}', "not an arena record file"
    elif kind == "notes":
        data, needle = b"my important notes\nline two without newline", "not an arena record file"
    elif kind == "random-bytes":
        data, needle = random.Random(3).randbytes(3000), "not an arena record file"
    else:
        seed = "2" if kind == "another-match" else "1"
        code, _, err = run([*bots_, "--games", "2", "--seed", seed, "--out", str(out)], capsys)
        assert code == 0, err
        data = out.read_bytes()
        if kind == "bad-record":  # this match's header, a game line that is no record, a torn last line
            head, _, rest = data.partition(b"\n")
            data = head + b'\n{"deal": 0}\n' + rest
        data, needle = data[:-100], ("another match" if kind == "another-match" else "not a game record")
    out.write_bytes(data)
    code, _, err = run([*argv, "--out", str(out)], capsys)
    assert_one_line_error(code, err, needle)
    assert out.read_bytes() == data


def test_a_torn_last_line_of_this_matchs_records_is_cut_off_and_the_match_resumed(tmp_path, capsys):
    out = tmp_path / "m.jsonl"
    argv = ["arena", "durak", "--bot", "random", "--bot", "greedy", "--games", "1", "--seed", "1", "--out", str(out)]
    code, _, err = run(argv, capsys)
    assert code == 0, err
    whole = out.read_bytes()
    kept = whole[: whole[:-100].rfind(b"\n") + 1]
    out.write_bytes(whole[:-100])
    code, _, err = run(argv, capsys)
    assert code == 0, err
    again = out.read_bytes()
    assert again.startswith(kept) and _keys(out) == [arena.key_of(json.loads(x)) for x in whole.splitlines()[1:]]
    out.write_bytes(whole[:40])  # the header itself torn: the run was killed as it began
    code, _, err = run(argv, capsys)
    assert code == 0, err
    assert out.read_bytes().splitlines()[0] == whole.splitlines()[0] and len(_keys(out)) == 2


def test_a_record_whose_start_is_not_its_deal_of_the_seed_is_refused_on_resume(tmp_path, capsys):
    """A record must be a game of the match's own deals: deal 0's game relabelled deal 1 (a legal
    game, every field in range) was resumed and counted as deal 1."""
    out = tmp_path / "m.jsonl"
    argv = ["arena", "three-fools", "--bot", "random", "--bot", "greedy", "--games", "2", "--out", str(out)]
    code, _, err = run(argv, capsys)
    assert code == 0, err
    header, *games_ = out.read_text(encoding="utf-8").splitlines()
    code, _, err = run(argv, capsys)  # the file as written resumes: nothing to play
    assert code == 0, err
    recs = [json.loads(g) for g in games_]
    first = next(r for r in recs if r["deal"] == 0)
    kept = [r for r in recs if not (r["deal"] == 1 and r["seating"] == first["seating"])]
    out.write_text("\n".join([header, *(json.dumps(r) for r in kept), json.dumps({**first, "deal": 1})]) + "\n",
                   encoding="utf-8")
    code, _, err = run(argv, capsys)
    assert_one_line_error(code, err, "its start is not deal 1 of seed 1")


def test_a_rerun_with_fewer_games_reports_the_deals_asked_for(tmp_path, capsys):
    """--games 3 then --games 1 on the same --out reported '6 games (1 deals, seed 1)': the
    report counts the games of the deals asked for (the file keeps the others)."""
    out = tmp_path / "m.jsonl"
    argv = ["arena", "fools-paradise", "--bot", "random", "--bot", "greedy", "--out", str(out), "--json"]
    code, three, err = run([*argv, "--games", "3"], capsys)
    assert code == 0, err
    code, one, err = run([*argv, "--games", "1"], capsys)
    assert code == 0, err
    three_json, one_json = json.loads(three), json.loads(one)
    assert three_json["games"] == 6 and one_json["deals"] == 1 and one_json["games"] == 2
    code, fresh, err = run([*argv[:-3], "--json", "--games", "1"], capsys)  # the same deal without --out
    assert code == 0, err

    def untimed(x: Any) -> Any:
        if isinstance(x, dict):
            return {k: untimed(v) for k, v in x.items() if "second" not in k}
        return [untimed(v) for v in x] if isinstance(x, list) else x

    assert untimed(json.loads(fresh)) == untimed(one_json)
    assert len(_keys(out)) == 6


# --- bots ---------------------------------------------------------------------------------------


@settings(max_examples=10, deadline=None)
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10**6), bot=st.sampled_from(["random", "greedy"]))
def test_every_bot_plays_only_legal_moves_in_every_game(game, seed, bot):
    info = games.get(game)
    other = "greedy" if bot == "random" else "random"
    players = info.spec.min_players
    match = arena.Match(info.name, {}, players, (bot, other), deals=1, seed=seed)
    rec = arena.play(arena.Task(match, 0, arena.seatings(2, players)[0]))
    assert rec["forfeit"] is None and rec["finished"]
    spec = info.spec
    end = spec.play(spec.state_from_json(rec["start"]), *rec["moves"])  # the spec accepts every move
    assert not spec.legal_moves(end)
    assert rec["returns"] == [float(x) for x in spec.returns(end)]


class _Spy(bots.Bot):
    seats: ClassVar[list[bots.Seat]] = []

    def choose(self, seat: bots.Seat) -> Any:
        _Spy.seats.append(seat)
        return seat.legal[0]


def _held(obj: Any) -> list[Any]:
    """What an object reachable from a seat holds: a function (a move family's) its closure and
    defaults, not its module's globals (a module is every program's: the spec's caches of other
    positions are no part of a seat); a module or code nothing more."""
    if isinstance(obj, types.FunctionType):
        cells = list(obj.__closure__ or ())  # (a cell's referent is its contents, empty or not)
        return [*gc.get_referents(*cells), *(obj.__defaults__ or ()), *(obj.__kwdefaults__ or {}).values()]
    if isinstance(obj, (types.ModuleType, types.CodeType)):
        return []
    return gc.get_referents(obj)


def _shown_cards(info: Any, rec: dict[str, Any], player: int) -> tuple[list[set[str]], dict[str, str]]:
    """The cards ``player``'s views showed her in a game record up to each move (after 0, 1, ...
    moves), and the texts of the game's cards (no state is left in the caller's frame, which the
    walk of what a seat reaches may reach)."""
    from foolsolve.worlds import view_of
    from tests.generic.test_public_moves import card_words, cards_named

    spec = info.spec
    state = spec.state_from_json(rec["start"])
    shown: list[set[str]] = []
    for text in [None, *rec["moves"]]:
        if text is not None:
            state = spec.play(state, text)
        view = view_of(info, state, player)
        words = card_words(spec, view)
        shown.append((shown[-1] if shown else set()) | set(cards_named(json.dumps(view).replace('"', " "), words)))
    return shown, words


_HIDING_RULES = {"fools-and-angels": {"exchange": True}}
"""Rules under which a game's arena deal has moves made face down (Three Fools' have them always)."""


@pytest.mark.parametrize("game", GAMES)
def test_a_bot_is_handed_a_view_and_never_the_position(game):
    """Nothing reachable from a seat is the full position, and no text reachable from it (its view,
    its legal moves, the moves so far as its player saw them made: ``Seat.played``) names a card
    that none of her views so far showed (the others' face-down cards)."""
    from tests.generic.test_public_moves import cards_named

    info = games.get(game)
    spec = info.spec
    state_type = type(spec.deal(spec.rules_cls(), spec.min_players, random.Random(1)))
    bots.register(bots.BotInfo("spy", "records its seats", lambda p, r: _Spy()))
    try:
        _Spy.seats = []
        match = arena.Match(info.name, _HIDING_RULES.get(game, {}), spec.min_players, ("spy", "random"), deals=1,
                            seed=4)
        rec = arena.play(arena.Task(match, 0, (0,) + (1,) * (spec.min_players - 1)))
    finally:
        bots.unregister("spy")
        arena.close_bots()
    assert _Spy.seats
    shown, words = _shown_cards(info, rec, 0)
    hidden_seen = 0
    for seat in _Spy.seats[:40]:
        assert len(seat.played) == len(seat.history) + sum(r.player != seat.player for r in seat.played)
        assert [r.move for r in seat.played if r.player == seat.player] == list(seat.history)
        hidden_seen += sum(r.player != seat.player and r.move not in rec["moves"] for r in seat.played)
        known = shown[len(seat.played)] | set(cards_named(json.dumps(seat.rules).replace('"', " "), words))
        seen, todo = set(), [seat]
        while todo:  # everything reachable from the seat
            obj = todo.pop()
            if id(obj) in seen or isinstance(obj, type):
                continue
            seen.add(id(obj))
            assert not isinstance(obj, state_type), "a bot could reach the full position"
            if isinstance(obj, str):
                named = set(cards_named(obj, words))
                assert named <= known, f"a bot could read {named - known} in {obj!r}"
            todo.extend(_held(obj))
        assert seat.view.get("view") == seat.player  # a view file, not the position
        assert read_view(seat.view).player == seat.player
    if game in _HIDING_RULES or game == "three-fools":
        assert hidden_seen, "no face-down move was met"


def test_a_bot_does_not_see_the_other_hand_in_durak():
    bots.register(bots.BotInfo("spy", "records its seats", lambda p, r: _Spy()))
    try:
        _Spy.seats = []
        match = arena.Match("durak", {"redeal_right": False}, 2, ("spy", "random"), deals=1, seed=8)
        rec = arena.play(arena.Task(match, 0, (0, 1)))
    finally:
        bots.unregister("spy")
        arena.close_bots()
    first = _Spy.seats[0]
    other_hand = set(rec["start"]["hands"][1])
    text = json.dumps(first.view) + " ".join(first.texts())
    shown = {c for c in other_hand if f'"{c}"' in text}
    assert shown == set(), f"player 0 saw {shown} of player 1's hand"


def test_the_example_external_bot_plays_a_whole_match(capsys):
    code, out, err = run(["arena", "fools-paradise", "--bot", "random", "--bot",
                          f"cmd:{sys.executable} {EXAMPLE_BOT}", "--games", "2", "--json"], capsys)
    assert code == 0, err
    res = json.loads(out)
    assert res["games"] == 4 and res["forfeits"] == []


@pytest.mark.parametrize(("program", "timeout", "reason"), [
    ("import time, sys\nsys.stdin.readline()\ntime.sleep(30)\n", 0.5, "no answer within 0.5 s"),
    ("import sys\nsys.exit(3)\n", 60, "the program ended"),
    ("import sys\nfor line in sys.stdin:\n    print('fold', flush=True)\n", 60, "illegal move 'fold'"),
])
def test_a_slow_dead_or_illegal_external_bot_loses_and_the_match_goes_on(tmp_path, capsys, program, timeout, reason):
    bad = tmp_path / "bad.py"
    bad.write_text(program)
    code, out, err = run(["arena", "durak", "--bot", "random", "--bot", f"cmd:timeout={timeout} {sys.executable} {bad}",
                          "--games", "2", "--json"], capsys)
    assert code == 0, err
    res = json.loads(out)
    assert res["games"] == 4
    assert len(res["forfeits"]) == 4 and all(reason in f["reason"] for f in res["forfeits"])
    loser = next(p for p in res["pairs"] if p["bot"].startswith("cmd:"))
    assert loser["losses"] == 4


def test_list_bots_names_every_registered_bot_and_its_parameters(capsys):
    """``--bot``'s help points to ``--list-bots``: it lists every bot of the registry with each of its
    parameters, needs no game, and exits 0."""
    code, out, err = run(["arena", "--list-bots"], capsys)
    assert code == 0 and not err
    lines = out.splitlines()
    for info in bots.all_bots():
        assert f"{info.name}: {info.summary}" in lines
        for key, what in info.params.items():
            assert f"    {key}: {what}" in lines
    assert "--list-bots" in run(["arena", "--help"], capsys)[1]


def test_list_bots_says_every_rule_of_the_games_own_search_and_frontier(capsys):
    """``pimc``/``ismcts``'s ``search=``, ``frontier=``, ``prefer=`` and ``concept=`` defaults, as
    ``--list-bots`` says them, name every game's own rule (``GameInfo.seat_search``,
    ``pimc_prefers_greedy``, ``seat_concept``): each greedy frontier's worlds, each search budget and
    its worlds, each game that prefers greedy, each game whose worlds are valued max-n."""
    from foolsolve import games

    _, out, _ = run(["arena", "--list-bots"], capsys)
    said = {line.split(":", 1)[0].strip(): line for line in out.splitlines() if line.startswith("    ")}
    listed = {(info.name, key): what for info in bots.all_bots() for key, what in info.params.items()}
    for info in games.all_games():
        for rule in info.seat_search:
            assert f"{info.title} {rule.nodes:,} " in listed["pimc", "search"] and rule.where in listed["pimc", "search"]
            if rule.frontier == "greedy":
                for bot in ("pimc", "ismcts"):
                    text = listed[bot, "frontier"]
                    assert f"in {info.title} " in text and rule.where in text, (bot, text)
        if info.pimc_prefers_greedy:
            assert info.title in listed["pimc", "prefer"]
        assert (info.title in listed["pimc", "concept"]) == (info.seat_concept == "max-n")
    assert "unseen (two players)" in said["frontier"]


def test_bad_bot_names_and_options_are_one_line_errors(capsys):
    for argv, needle in [
        (["arena", "durak", "--bot", "random", "--bot", "nosuch"], "unknown bot"),
        (["arena", "durak", "--bot", "random"], "at least two bots"),
        (["arena", "durak", "--bot", "random", "--bot", "random"], "each bot once"),
        (["arena", "durak", "--bot", "random", "--bot", "greedy:depth=3"], "unknown parameter"),
        # a parameter twice was taken silently, the last one counting
        (["arena", "durak", "--bot", "random", "--bot", "pimc:samples=1,samples=2"], '"samples" given twice'),
        (["arena", "durak", "--bot", "random", "--bot", "greedy", "--players", "9"], "--players"),
        (["arena", "durak", "--bot", "random", "--bot", "cmd:"], "needs a program"),
        (["arena", "durak", "--bot", "random", "--bot", "cmd:/no/such/program", "--games", "1"], "cannot start"),
    ]:
        code, _, err = run(argv, capsys)
        assert_one_line_error(code, err, needle)


def test_the_plot_and_the_replay(tmp_path, capsys):
    out, plot = tmp_path / "m.jsonl", tmp_path / "elo.svg"
    code, text, err = run(["arena", "durak", "--bot", "random", "--bot", "greedy", "--games", "2",
                           "--out", str(out), "--plot", str(plot)], capsys)
    assert code == 0, err
    assert "Elo (random = 1000" in text and "greedy" in text
    svg = ET.fromstring(plot.read_text())
    assert len([e for e in svg.iter() if e.tag.endswith("circle")]) == 2
    rec = json.loads(out.read_text().splitlines()[2])
    code, replay, err = run(["play", str(out), "--record", "2"], capsys)
    assert code == 0, err
    assert f"{len(rec['moves'])}. player" in replay and "game over" in replay
    code, _, err = run(["play", str(out), "--record", "9"], capsys)
    assert_one_line_error(code, err, "--record")


def test_the_plot_tells_long_bot_names_apart():
    """``--plot`` cut every name to 24 characters with no "…": two external programs differing in their
    file's name ("cmd:python3 /tmp/trial-svg/bots/first_card_bot_v1.py" and "..._v2.py") both read
    "cmd:python3 /tmp/trial-s". Each row's name is whole up to 40 characters, else its start and end
    around "…", as long as it takes to tell the bots apart; the whole name is the row's tooltip. The
    picture has a viewBox and a background, and the Elo figure stands clear of a dot at the axis' end."""
    from foolsolve.arena import Summary, plot_svg

    long1, long2 = (f"cmd:python3 /tmp/trial-svg/bots/first_card_bot_{v}.py" for v in ("v1", "v2"))
    middle = ["cmd:" + "a" * 30 + tail + "b" * 30 for tail in ("X", "Y")]  # the same start and end
    bots = ("random", long1, long2, *middle)
    elo = {b: 1000.0 + 40 * i for i, b in enumerate(bots)}
    summary = Summary(bots=bots, elo=elo, elo_ci={b: (v - 30, v + 30) for b, v in elo.items()}, anchor="random")
    root = ET.fromstring(plot_svg(summary))
    ns = "{http://www.w3.org/2000/svg}"
    rows = [g for g in root.iter(ns + "g") if g.get("class") == "bot"]
    assert sorted(g.get("data-bot") for g in rows) == sorted(bots)
    names = {g.get("data-bot"): g.find(ns + "text").text for g in rows}
    assert len(set(names.values())) == len(bots)
    assert names["random"] == "random" and all(len(names[b]) <= 40 and "…" in names[b] for b in (long1, long2))
    assert names[long1].endswith("first_card_bot_v1.py") and names[long1].startswith("cmd:python3")
    assert all(g.find(ns + "title").text == g.get("data-bot") for g in rows)
    width, height = root.get("width"), root.get("height")
    assert root.get("viewBox") == f"0 0 {width} {height}"
    assert any(r.get("width") == width and r.get("fill") for r in root.iter(ns + "rect"))
    for g in rows:  # the figure starts clear of the dot's right edge wherever the dot lies
        dot = g.find(ns + "circle")
        figure = [t for t in g.iter(ns + "text")][1]
        assert float(figure.get("x")) >= float(dot.get("cx")) + float(dot.get("r")) + 4
        assert float(figure.get("x")) + 40 <= float(width)
    labels = [g.find(ns + "text") for g in rows]  # the names end before the plot's area starts
    left = min(float(g.find(ns + "line").get("x1")) for g in rows)
    assert all(10 + 8 * len(t.text) <= left for t in labels)


def _damaged_record_file(tmp_path, capsys, field, value):
    """A one-game durak match's record file with one field of its first game record set to ``value``."""
    out = tmp_path / "m.jsonl"
    code, _, err = run(["arena", "durak", "--bot", "random", "--bot", "greedy", "--games", "1", "--out", str(out)],
                       capsys)
    assert code == 0, err
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    lines[1][field] = value
    out.write_text("".join(json.dumps(x) + "\n" for x in lines))
    return out


@pytest.mark.parametrize("moves", [[None], [7], [["attack 6D"]]])
def test_replaying_a_record_whose_moves_are_not_texts_is_a_one_line_error(tmp_path, capsys, moves):
    # was an internal error (exit 1): TypeError from the move parser
    out = _damaged_record_file(tmp_path, capsys, "moves", moves)
    code, _, err = run(["play", str(out), "--record", "1"], capsys)
    assert_one_line_error(code, err, "line 2 is not a game record", "moves: move 1 is", "not a move's text")


@pytest.mark.parametrize(("field", "value"), [
    ("moves", [None]), ("returns", "x"), ("seating", None), ("deal", "x"), ("forfeit", 5), ("decisions", "x"),
    ("seconds", ["x", 0.0]), ("cpu", None), ("finished", "no"),
])
def test_resuming_from_a_damaged_game_record_is_a_one_line_error(tmp_path, capsys, field, value):
    # a rerun with the same --out reads the finished games back: a damaged one was an internal
    # error (exit 1: TypeError, ValueError or IndexError in the summary)
    out = _damaged_record_file(tmp_path, capsys, field, value)
    before = out.read_text()
    code, _, err = run(["arena", "durak", "--bot", "random", "--bot", "greedy", "--games", "2", "--out", str(out)],
                       capsys)
    assert_one_line_error(code, err, "--out", "line 2 is not a game record of this match", f"{field}:")
    assert out.read_text() == before


def test_a_plot_over_the_records_or_in_a_missing_folder_is_refused_before_any_game(tmp_path, capsys):
    """``--plot F --out F`` wrote the Elo picture over the match's records (exit 0); ``--plot
    no/such/x.svg`` failed only after every game had been played."""
    out = tmp_path / "m.jsonl"
    argv = ["arena", "durak", "--bot", "random", "--bot", "greedy", "--games", "1", "--out", str(out)]
    code, _, err = run([*argv, "--plot", str(out)], capsys)
    assert_one_line_error(code, err, "--plot", "--out record file")
    assert not out.exists()
    code, text, err = run([*argv, "--plot", str(tmp_path / "no" / "elo.svg")], capsys)
    assert_one_line_error(code, err, "--plot", "cannot write")
    assert not out.exists() and text == ""


@pytest.mark.parametrize("bot", ["pimc:samples=2,nodes=200", "ismcts:iterations=30", "pimc:time=0.001,nodes=200",
                                 "pimc:time=0.001,nodes=300,clock=cpu,frontier=greedy",
                                 "ismcts:iterations=20,frontier=greedy,clock=cpu"])
def test_the_seat_bots_play_whole_games_from_their_views(bot):
    match = arena.Match("durak", {"redeal_right": False}, 2, (bot, "greedy"), deals=1, seed=11)
    try:
        rec = arena.play(arena.Task(match, 0, (0, 1)))
    finally:
        arena.close_bots()
    assert rec["forfeit"] is None and rec["finished"] and rec["decisions"][0] > 0
    assert len(rec["cpu"]) == 2 and rec["cpu"][0] >= 0
    spec = games.get("durak").spec
    spec.play(spec.state_from_json(rec["start"]), *rec["moves"])


def test_openspiel_ismcts_plays_through_the_bridge():
    pytest.importorskip("pyspiel")
    match = arena.Match("fools-paradise", {}, 2, ("openspiel-ismcts:simulations=20", "random"), deals=1, seed=2)
    try:
        rec = arena.play(arena.Task(match, 0, (0, 1)))
    finally:
        arena.close_bots()
    assert rec["forfeit"] is None and rec["finished"]


def test_seat_bot_parameters_are_checked(capsys):
    for argv, needle in [
        (["arena", "durak", "--bot", "random", "--bot", "pimc:samples=0"], "samples"),
        (["arena", "durak", "--bot", "random", "--bot", "ismcts:time=x"], "time must be a number"),
        (["arena", "durak", "--bot", "random", "--bot", "pimc:time=1,clock=sundial"], "clock must be one of wall, cpu"),
        (["arena", "durak", "--bot", "random", "--bot", "ismcts:frontier=smart"], "frontier must be one of"),
    ]:
        code, _, err = run(argv, capsys)
        assert_one_line_error(code, err, needle)


@pytest.mark.parametrize(("bot", "said"), [
    ("ismcts:nodes=5", "ismcts takes no nodes= (pimc's node budget of a world; IS-MCTS searches no world"),
    ("ismcts:iterations=20,search=5", "ismcts takes no search= (pimc's depth-limited search of a world"),
    ("ismcts:iterations=20,prefer=greedy", "ismcts takes no prefer= (pimc's choice between its best move and greedy's"),
])
def test_ismcts_refuses_pimcs_world_budget_it_would_not_use(tmp_path, capsys, bot, said):
    """``ismcts:nodes=5`` was accepted and unused ('accepted for symmetry', said --list-bots alone)."""
    out = tmp_path / "games.jsonl"
    code, _, err = run(["arena", "durak", "--bot", "random", "--bot", bot, "--games", "1", "--out", str(out)], capsys)
    assert_one_line_error(code, err, said)
    assert not out.exists()
    code, listed, _ = run(["arena", "--list-bots"], capsys)
    assert code == 0 and "symmetry" not in listed
    ismcts = listed.split("\nismcts:")[1].split("\nopenspiel-ismcts:")[0]
    assert "nodes:" not in ismcts and "iterations:" in ismcts


@pytest.mark.parametrize("bot", ["pimc:samples=0", "ismcts:time=x", "pimc:clock=sundial", "cmd:/no/such/program",
                                 "cmd:no-such-program-on-path"])
def test_a_bad_bot_value_is_refused_before_the_record_file_is_written(tmp_path, capsys, bot):
    """A parameter's value (not only its name) and a program that cannot start are errors before any
    game: the --out record file was written with its header first, and a rerun then resumed it."""
    out = tmp_path / "games.jsonl"
    code, _, err = run(["arena", "durak", "--bot", "random", "--bot", bot, "--games", "1", "--out", str(out)], capsys)
    assert_one_line_error(code, err, bot.split(":")[0])
    assert not out.exists()


@pytest.mark.parametrize("method", ["pimc", "ismcts"])
def test_a_time_budget_runs_on_the_clock_it_is_given(monkeypatch, method):
    """``clock=cpu`` reads the CPU clock (:data:`foolsolve.seat.CLOCKS`): a stand-in CPU clock that
    jumps past the budget after a few readings ends the analysis there, whatever the wall clock
    says; the wall clock's budget (an hour) never runs out."""
    from foolsolve import seat
    from foolsolve.worlds import view_of, worlds_of_view

    info = games.get("durak")
    state = info.spec.deal(info.spec.rules_cls(redeal_right=False), 2, random.Random(3))
    worlds = worlds_of_view(read_view(view_of(info, state, info.spec.to_move(state)), check=False))
    readings = itertools.count()
    if method == "pimc":  # a world reads the clock before each of its playouts too: the clock jumps at the third world
        valued = [0]
        real = seat._value_item

        def counted(item):
            valued[0] += 1
            return real(item)

        monkeypatch.setattr(seat, "_value_item", counted)
        monkeypatch.setitem(seat.CLOCKS, "cpu", lambda: 0.0 if valued[0] < 3 else 7200.0)
    else:
        monkeypatch.setitem(seat.CLOCKS, "cpu", lambda: 0.0 if next(readings) < 6 else 7200.0)
    budget = seat.Budget(nodes=300)
    cpu = seat.analyse(info, worlds, seat.Settings(method=method, samples=10**6, seconds=3600, clock="cpu",
                                                    budget=budget))
    assert 1 <= cpu.worlds < 10
    wall = seat.analyse(info, worlds, seat.Settings(method=method, samples=12, seconds=3600, budget=budget))
    assert wall.worlds == 12
    with pytest.raises(InputError):
        seat.analyse(info, worlds, seat.Settings(method=method, samples=2, seconds=1, clock="sundial"))


@pytest.mark.parametrize("game", [info.name for info in games.all_games() if info.has_engine])
def test_a_timed_pimc_move_whose_time_values_no_world_values_one_world_the_quickest_way(monkeypatch, game):
    """A stand-in CPU clock past the move's deadline from its second reading on: the analysis values
    no world, and the bot then values one world by one playout a legal move (and the one playout of
    the depth-limited search that found no room: its node budget is 1), not by a whole world's node
    budget, which takes several times a short time=; the move is legal."""
    from foolsolve import playouts, seat
    from foolsolve.game import CHANCE
    from foolsolve.solver import open_hand
    from foolsolve.worlds import view_of

    info = games.get(game)
    spec = info.spec
    assert info.random_game is not None
    state = info.random_game(random.Random(5))
    while len(spec.legal_moves(state)) < 3 or spec.to_move(state) == CHANCE:
        state = spec.apply(state, spec.legal_moves(state)[0])
    mover = spec.to_move(state)
    legal = tuple(spec.legal_moves(state))
    played = count_playouts(monkeypatch, playouts, open_hand)
    readings = itertools.count()
    monkeypatch.setitem(seat.CLOCKS, "cpu", lambda: 0.0 if next(readings) == 0 else 7200.0)
    seat_ = bots.Seat(game=game, player=mover, players=spec.num_players(state), rules=rules_to_json(state.rules),
                      view=view_of(info, state, mover), legal=legal, seed=1)
    move = bots.make("pimc:time=0.1,clock=cpu").choose(seat_)
    assert move in legal
    assert len(legal) <= played[0] <= len(legal) + 1, played[0]


@pytest.mark.parametrize("raw, nodes, search", [("", 5_000, None), ("nodes=700", 700, 700), ("search=90", 5_000, 90),
                                                ("nodes=700,search=90", 700, 90)])
def test_pimc_nodes_sets_a_worlds_whole_budget_and_search_its_search_alone(raw, nodes, search):
    from foolsolve import bots

    budget = bots.make(f"pimc:{raw}" if raw else "pimc").budget()
    assert (budget.nodes, budget.search_nodes) == (nodes, search)


def test_a_game_that_goes_round_a_cycle_is_stopped_as_endless_play(monkeypatch, capsys):
    """Three greedy bots dealt the position after "pass" in test_open_hand's ENDLESS_GREEDY play the
    same cycle of positions for ever: the arena stops the game once a position comes round
    arena.REPEATS times, records it unfinished with the reason, and says so (it ran on, move after
    move, up to MAX_MOVES before)."""
    from tests.generic.test_open_hand import ENDLESS_GREEDY

    info = games.get("durak")
    spec = info.spec
    world = spec.state_from_json(ENDLESS_GREEDY)
    start = next(spec.apply(world, m) for m in spec.legal_moves(world) if str(m) == "pass")
    monkeypatch.setattr(type(spec), "deal", lambda self, rules, players, rng: start)
    match = arena.Match("durak", {}, 3, ("greedy",), deals=1, seed=1)
    records, interrupted = arena.run(match, None)
    assert not interrupted and records
    for rec in records:
        assert not rec["finished"] and rec["returns"] is None
        assert rec["stopped"] == f"endless play: a position came round {arena.REPEATS} times"
        assert len(rec["moves"]) < 1_000
    summary = arena.summarise(match, records)
    assert summary.unfinished == len(records) and summary.stopped[0]["reason"] == records[0]["stopped"]
    assert (f"unfinished: deal 0 (greedy v greedy v greedy), stopped endless play: a position came round "
            f"{arena.REPEATS} times") in arena.text_table(match, summary)


def test_one_deal_gives_no_elo_interval_and_a_width_of_zero_is_explained(capsys):
    """The Elo intervals bootstrap over deals: from one deal every resample is that deal, and a
    width-0 interval ('greedy 863 [863, 863]') would claim a certainty one deal cannot give. With one
    deal the other bots' intervals are unbounded (JSON: null), and the table says why; where deals all
    ended alike the width-0 interval is explained."""
    code, text, err = run(["arena", "three-fools", "--bot", "random", "--bot", "greedy", "--games", "1"], capsys)
    assert code == 0, err
    row = next(line for line in text.splitlines() if line.strip().startswith("greedy ") and "CPU" in line)
    assert "no interval" in row and "inf" not in row and "fewer than two deals played" in text
    code, out, err = run(["arena", "three-fools", "--bot", "random", "--bot", "greedy", "--games", "1", "--json"],
                         capsys)
    obj = json.loads(out)
    ci = {e["bot"]: e["ci95"] for e in obj["elo"]}
    assert ci["greedy"] == [None, None] and ci["random"] == [1000.0, 1000.0]
    code, text, err = run(["arena", "durak", "--bot", "random", "--bot", "greedy", "--games", "3"], capsys)
    assert code == 0, err
    row = next(line for line in text.splitlines() if line.strip().startswith("greedy ") and "CPU" in line)
    lo, hi = (float(x) for x in row.split("[")[1].split("]")[0].split(","))
    assert lo < hi or "an interval of width 0" in text


def _alive(pid: int) -> bool:
    """Whether process ``pid`` runs (a zombie, ended and not yet reaped, does not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def _group_members(pgid: int) -> list[int]:
    """The live processes of process group ``pgid``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == pgid and fields[0] != "Z":
                found.append(int(entry.name))
    return found


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_a_cmd_bot_that_forfeits_leaves_no_process_it_started_running(tmp_path, capsys):
    """'cmd:sh -c "sleep 300; true"' forfeited on time and the arena exited 0, leaving the sleep
    running (its parent killed, it was adopted by init): the program's whole process group ends."""
    pids = tmp_path / "pids"
    program = f"sh -c 'sleep 30 & echo $$ $! >> {pids}; wait'"
    started: list[int] = []
    try:
        code, out, err = run(["arena", "durak", "--bot", "random", "--bot", f"cmd:timeout=0.3 {program}", "--games",
                              "1", "--json", "--out", str(tmp_path / "m.jsonl")], capsys)
        started = [int(x) for x in pids.read_text().split()]
        assert code == 0, err
        assert len(json.loads(out)["forfeits"]) == 2 and len(started) == 4
        end = time.monotonic() + 15  # a process killed still runs until it is scheduled: a loaded machine is slow
        while [pid for pid in started if _alive(pid)] and time.monotonic() < end:
            time.sleep(0.05)
        assert not [pid for pid in started if _alive(pid)]
        assert not [pid for shell in started[::2] for pid in _group_members(shell)]
    finally:
        for pid in started:
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)


@pytest.mark.parametrize(("field", "value", "needle"), [
    ("game", "foolery", "a durak position, but the header's game is foolery"),
    ("players", 3, "2 players, but the header 3"),
    ("rules", {"variant": "perevodnoy"}, "rule variant"),
])
def test_replaying_a_record_whose_header_names_another_match_is_a_one_line_error(tmp_path, capsys, field, value,
                                                                                   needle):
    """A header naming "foolery" over durak records replayed the durak game, exit 0."""
    out = _damaged_record_file(tmp_path, capsys, "deal", 0)
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    lines[0][field] = {**lines[0][field], **value} if isinstance(value, dict) else value
    if field == "game":
        lines[0].update(rules={}, players=3)  # a whole header of that game (Foolery: no Durak rules, 3-7 players)
    out.write_text("".join(json.dumps(x) + "\n" for x in lines))
    code, _, err = run(["play", str(out), "--record", "1"], capsys)
    assert_one_line_error(code, err, "line 2", needle)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_leaves_no_process_a_cmd_bot_started(tmp_path, workers):
    """Ctrl-C stops the arena (exit 130) and ends every process the external programs started, in
    this process or on the pool's workers (which the pool stops with SIGTERM)."""
    pids = tmp_path / "pids"
    program = f"sh -c 'sleep 30 & echo $$ $! >> {pids}; wait'"
    argv = [sys.executable, "-m", "foolsolve", "arena", "durak", "--bot", "random", "--bot", f"cmd:timeout=60 {program}",
            "--games", "2", "--workers", workers, "--out", str(tmp_path / "m.jsonl")]
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    started: list[int] = []
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and len(started) < 2 * int(workers):
            time.sleep(0.05)
            started = [int(x) for x in pids.read_text().split()] if pids.exists() else []
        assert len(started) >= 2 * int(workers), "the bots did not start"
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
        assert proc.returncode == 130, err
        started = [int(x) for x in pids.read_text().split()]
        end = time.monotonic() + 15  # the pool's workers end their programs on SIGTERM: a loaded machine is slow
        while [pid for pid in started if _alive(pid)] and time.monotonic() < end:
            time.sleep(0.05)
        assert not [pid for pid in started if _alive(pid)]
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        for pid in started:
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_ctrl_c_as_a_cmd_bot_starts_leaves_its_program_to_the_bot(monkeypatch):
    """A Ctrl-C landing as the program is started (the process exists, Popen has not returned) is
    held back until the program is the bot's: closing the bot, as a stopped arena does, ends it."""
    from foolsolve.bots import external

    real = subprocess.Popen

    def started_then_interrupted(*args: Any, **kwargs: Any) -> Any:
        proc = real(*args, **kwargs)
        os.kill(os.getpid(), signal.SIGINT)
        return proc

    monkeypatch.setattr(external.subprocess, "Popen", started_then_interrupted)
    bot = external.ExternalBot("sleep 30")
    with pytest.raises(KeyboardInterrupt):
        bot._start()
    assert bot.proc is not None
    pid = bot.proc.pid
    bot.close()
    assert not _alive(pid)


@pytest.mark.parametrize("bot", ["pimc:samples=3,nodes=200", "ismcts:iterations=20"])
def test_ctrl_c_while_a_seat_bot_thinks_stops_the_match_and_keeps_the_finished_games(tmp_path, monkeypatch, bot):
    """The seat analysis keeps its answer so far on Ctrl-C (``SeatAnswer.interrupted``); that
    answer became the bot's move and the arena played every game on (exit 0, no line). Ctrl-C
    in a thinking bot now stops the match, the games finished before kept in --out."""
    from foolsolve import playouts, seat

    finished: list[int] = []
    calls = itertools.count()

    def interrupting(real: Any) -> Any:
        def call(*args: Any, **kwargs: Any) -> Any:
            # once a game is finished, every second world or playout meets a Ctrl-C: the analysis
            # then has an answer so far (one world or playout done) and returns it as interrupted
            if finished and next(calls) % 2:
                raise KeyboardInterrupt
            return real(*args, **kwargs)
        return call

    if bot.startswith("pimc"):  # PIMC's worlds, IS-MCTS's playouts
        monkeypatch.setattr(seat, "evaluate_world", interrupting(seat.evaluate_world))
    else:
        real_playout_of = playouts.playout_of
        monkeypatch.setattr(playouts, "playout_of", lambda info, frontier: interrupting(real_playout_of(info, frontier)))
    match = arena.Match("durak", {"redeal_right": False}, 2, (bot, "random"), deals=2, seed=3)
    out = tmp_path / "m.jsonl"
    records, interrupted = arena.run(match, str(out), tick=finished.append)
    assert interrupted and len(records) == 1
    assert [arena.key_of(json.loads(x)) for x in out.read_text().splitlines()[1:]] == [arena.key_of(records[0])]


def _foolery_start() -> dict[str, Any]:
    spec = games.get("foolery").spec
    return spec.state_to_json(spec.deal(spec.rules_cls(), 3, random.Random(1)))


DAMAGED_RECORDS = [  # (what is changed in the first game record, the field the error names)
    (lambda rec: rec.update(seating=["greedy", "greedy"]), "seating:"),
    (lambda rec: rec.update(seating=["random", "nobody"]), "seating:"),
    (lambda rec: rec.update(deal=-1), "deal:"),
    (lambda rec: rec.update(returns=[math.nan, 1]), "returns:"),
    (lambda rec: rec.update(returns=[1e308, -1e308]), "returns:"),
    (lambda rec: rec.update(returns=rec["returns"][::-1] if rec["returns"][0] != rec["returns"][1] else [1.0, -1.0]),
     "returns:"),
    (lambda rec: rec.update(returns=None), "returns:"),
    (lambda rec: rec.update(returns=None, finished=False), "finished: false, but the moves end the game"),
    (lambda rec: rec.update(seconds=[-5, 1e300]), "seconds:"),
    (lambda rec: rec.update(seconds=[0.5, 1e300]), "seconds:"),
    (lambda rec: rec.update(cpu=[math.inf, 0.0]), "cpu:"),
    (lambda rec: rec.update(decisions=[10**30, 1]), "decisions:"),
    (lambda rec: rec.update(moves=["attack XX", *rec["moves"][1:]]), "moves: move 1"),
    (lambda rec: rec.update(moves=rec["moves"][:-1]), "returns:"),
    (lambda rec: rec.update(moves=[*rec["moves"], "take"]), "moves: move"),
    (lambda rec: rec.update(start=_foolery_start()), "start:"),
    (lambda rec: rec.update(start="x"), "start:"),
    (lambda rec: rec.update(forfeit={"seat": 0, "bot": "random", "reason": "x"}), "forfeit:"),
]


@pytest.mark.parametrize("command", ["arena", "play"])
@pytest.mark.parametrize(("damage", "needle"), DAMAGED_RECORDS)
def test_a_game_record_is_checked_whole_the_same_way_on_resume_and_on_replay(tmp_path, capsys, command, damage,
                                                                             needle):
    """A resumed match read its records back half checked: a seating not of the match was an
    internal error (KeyError, exit 1); NaN or huge returns, negative or 300-digit seconds, illegal
    moves, returns the moves do not give and a Foolery start in a Durak match were taken as games
    (the Elo table then printed a 300-digit time a move). ``play --record`` checked other things
    than the resume did (it replayed ``"deal": -1``). Both now check every field and replay the
    game, with one function (arena.record_problem)."""
    out = tmp_path / "m.jsonl"
    argv = ["arena", "durak", "--bot", "random", "--bot", "greedy", "--games", "1", "--out", str(out)]
    code, _, err = run(argv, capsys)
    assert code == 0, err
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    damage(lines[1])
    out.write_text("".join(json.dumps(x) + "\n" for x in lines))
    before = out.read_text()
    code, _, err = run(argv if command == "arena" else ["play", str(out), "--record", "1"], capsys)
    assert_one_line_error(code, err, "line 2 is not a game record of this match", needle)
    assert out.read_text() == before


@pytest.mark.parametrize(("field", "value", "needle"), [
    ("rules", "x", "the header's rules"), ("players", 1, "the header's players"), ("bots", ["random", "random"], "bots"),
    ("seed", "x", "seed"), ("game", "chess", "not a game"),
])
def test_replaying_a_record_under_a_bad_header_is_a_one_line_error(tmp_path, capsys, field, value, needle):
    # play --record replayed game 1 under a header whose "rules" was "x" (arena's resume refuses it)
    out = _damaged_record_file(tmp_path, capsys, "deal", 0)
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    lines[0][field] = value
    out.write_text("".join(json.dumps(x) + "\n" for x in lines))
    code, _, err = run(["play", str(out), "--record", "1"], capsys)
    assert_one_line_error(code, err, "not an arena record file", needle)


def test_a_game_recorded_twice_is_refused_on_resume(tmp_path, capsys):
    # a record file holding one game twice counted it twice in the results
    out = tmp_path / "m.jsonl"
    argv = ["arena", "durak", "--bot", "random", "--bot", "greedy", "--games", "1", "--out", str(out)]
    code, _, err = run(argv, capsys)
    assert code == 0, err
    lines = out.read_text().splitlines()
    out.write_text("\n".join([*lines, lines[1]]) + "\n")
    code, _, err = run(argv, capsys)
    assert_one_line_error(code, err, "line 4", "game of line 2")


@pytest.mark.parametrize(("bot", "key", "cap"), [
    ("pimc:samples=10000001", "samples", "10,000,000"), ("pimc:samples=1000000000", "samples", "10,000,000"),
    ("ismcts:iterations=10000001", "iterations", "10,000,000"),
    ("openspiel-ismcts:simulations=10000001", "simulations", "10,000,000"),
    ("pimc:time=31622401", "time", "31,622,400"), ("pimc:nodes=1e19", "nodes", "4,611,686,018,427,387,904"),
    ("pimc:search=1e19", "search", "4,611,686,018,427,387,904"),
])
def test_seat_bot_parameters_take_the_command_lines_caps(bot, key, cap):
    """``pimc:samples=1000000000`` was accepted (the bots' cap was 10^9, solve's --samples takes
    at most 10^7): a bot's samples, iterations, time and nodes have the caps of --samples, --time
    and --max-nodes (foolsolve.solver.base), an error (one line, exit 2) beyond."""
    if bot.startswith("openspiel"):
        pytest.importorskip("pyspiel")
    with pytest.raises(InputError, match=f"{key} must be between .* and {cap}, not"):
        bots.make(bot)
    from foolsolve.solver.base import MAX_SAMPLES

    assert bots.make(f"pimc:samples={MAX_SAMPLES}").samples == bots.make("ismcts:time=1").samples == MAX_SAMPLES


@pytest.mark.parametrize("answer", ["\u00b2", "\u0660", "+0", " 0x1", "1_0", "\uff10"])
def test_only_ascii_digits_name_a_moves_index(answer):
    """An index is ASCII digits, else the answer is a move text: '²' (whose isdigit() holds and
    which int() refuses), Arabic-Indic '٠', a sign, a blank or an underscore name no index."""
    from foolsolve.bots import Forfeit, Seat
    from foolsolve.bots.external import pick

    seat = Seat(game="durak", player=0, players=2, rules={}, view={}, legal=("attack 6S", "attack 9D"), seed=0)
    assert pick(seat, "1") == "attack 9D"
    with pytest.raises(Forfeit, match="illegal move"):
        pick(seat, answer)


def test_an_external_bot_answering_a_superscript_digit_forfeits_and_the_match_goes_on(tmp_path, capsys):
    bot = tmp_path / "oddbot.py"
    bot.write_text("import json, sys\nfor line in sys.stdin:\n    json.loads(line)\n    print('\\u00b2', flush=True)\n")
    code, out, err = run(["arena", "durak", "--bot", f"cmd:{sys.executable} {bot}", "--bot", "random", "--games", "1",
                          "--seed", "1", "--json"], capsys)
    assert code == 0, err
    res = json.loads(out)
    assert res["games"] == 2 and len(res["forfeits"]) == 2
    assert all("illegal move" in f["reason"] for f in res["forfeits"])


def test_a_seat_bots_analysis_error_names_the_command_lines_options(monkeypatch):
    # the arena and interactive play pass the command line's names to seat.analyse (names={}), not the
    # Python fields foolsolve.seat.analyse names for a direct caller (Settings.seconds)
    from foolsolve import interactive, seat
    from foolsolve.errors import InputError

    def no_world(*args, **kwargs):
        raise InputError("--time: no world was valued in 1 s")

    monkeypatch.setattr(seat, "choose_method", no_world)
    match = arena.Match("durak", {"redeal_right": False}, 2, ("pimc:samples=2", "greedy"), deals=1, seed=11)
    try:
        with pytest.raises(InputError, match=r"^--time: no world was valued"):
            arena.play(arena.Task(match, 0, (0, 1)))
    finally:
        arena.close_bots()
    info = games.get("durak")
    state = info.spec.state_from_json(json.loads((REPO / "foolsolve" / "examples" / "durak-midbout.json").read_text()))
    with pytest.raises(InputError, match=r"^--time: no world was valued"):
        interactive.seat_answer(info, state, 1, interactive.Thinking(samples=2, think=None, nodes=200), 0)


@pytest.mark.parametrize(("fields", "message"), [
    ({"players": None}, "Match.players: expected a whole number, got None"),
    ({"deals": None}, "Match.deals: expected a whole number, got None"),
    ({"seed": None}, "Match.seed: expected a whole number, got None"),
    ({"players": 10**5000}, "Match.players: Durak takes 2-8 players, not a whole number of more than 300 digits"),
    ({"deals": 10**5000}, "arena: 2 seats and 2 bots make 2 seatings of each deal, so Match.deals a whole number of "
                          "more than 300 digits would be about 1e5000 games"),
    ({"deals": "2"}, "Match.deals: expected a whole number, got '2'"),
    ({"deals": -1}, "Match.deals: expected at least 1, got -1"),
    ({"players": "2"}, "Match.players: expected a whole number, got '2'"),
    ({"players": 9}, "Match.players: Durak takes 2-8 players, not 9"),
    ({"bots": "random"}, "Match.bots: expected a tuple of bot names (str), got 'random'"),
    ({"bots": ()}, "Match.bots: name a bot"),
    ({"bots": ("random", "random")}, "Match.bots: each bot once"),
    ({"bots": ("random", "nobot")}, "Match.bots: unknown bot 'nobot'"),
    ({"bots": ("random", "pimc:samples=x")}, "Match.bots pimc:samples=x: samples must be a number"),
    ({"seed": "x"}, "Match.seed: expected a whole number, got 'x'"),
    ({"seed": 2.5}, "Match.seed: expected a whole number, got 2.5"),
    ({"game": "nogame"}, "Match.game: unknown game 'nogame'"),
    ({"rules": {"variant": "x"}}, "Match.rules.variant: "),
    ({"rules": 3}, "Match.rules: expected an object of rule options"),
])
def test_a_match_is_checked_when_built_each_error_naming_the_field(fields, message):
    """A bad field of arena.Match is one InputError naming it when the Match is built, as the arena
    command checks its options, not a TypeError, a match of no games or an error only at run."""
    given = {"game": "durak", "rules": {}, "players": 2, "bots": ("random", "greedy"), "deals": 2, "seed": 0, **fields}
    with pytest.raises(InputError) as caught:
        arena.Match(**given)
    assert str(caught.value).startswith(message), str(caught.value)


def test_a_match_from_python_writes_the_header_the_command_writes_and_a_one_bot_file_replays(tmp_path, capsys):
    """A Match keeps its rules as the command does (every option), so the command resumes a record
    file written from Python; a match of one bot (it plays itself) writes a file play --record reads."""
    from tests.generic.test_cli import run as cli_run

    out = tmp_path / "m.jsonl"
    arena.run(arena.Match("durak", {}, 2, ("random", "greedy"), 1, 0), str(out))
    code, _, err = cli_run(["arena", "durak", "--bot", "random", "--bot", "greedy", "--games", "2", "--seed", "0",
                            "--out", str(out)], capsys)
    assert code == 0, err
    assert len(out.read_text().splitlines()) == 1 + 4  # the header, 2 deals of 2 seatings
    alone = tmp_path / "alone.jsonl"
    records, _ = arena.run(arena.Match("durak", {}, 2, ("random",), 1, 0), str(alone))
    assert len(records) == 1
    code, out_text, err = cli_run(["play", str(alone), "--record", "1"], capsys)
    assert code == 0, err
    assert out_text.strip()


def test_a_match_takes_its_bots_as_a_list_too():
    assert arena.Match("durak", {}, 2, ["random", "greedy"], 1, 0).bots == ("random", "greedy")


@pytest.mark.parametrize(("args", "message"), [
    (["--bot", "random"], "--bot: name at least two bots"),
    (["--bot", "random", "--bot", " random"], "--bot: each bot once"),
    (["--bot", "random", "--bot", "nobot"], '--bot: unknown bot "nobot"'),
    (["--bot", "random", "--bot", "greedy", "--players", "9"], "--players: Durak takes 2-8 players, not 9"),
    (["--bot", "random", "--bot", "greedy", "--games", "1000000"], "so --games 1000000 would be 2,000,000 games"),
])
def test_the_arena_command_names_its_options_in_the_errors_of_its_match(capsys, args, message):
    code, _, err = run(["arena", "durak", *args], capsys)
    assert code == 2 and message in err and "Match." not in err, err


def test_a_summary_prints_and_shows_in_a_notebook_as_the_arena_command_prints_it(capsys):
    match = arena.Match("durak", {}, 2, ("random", "greedy"), 1, 0)
    records, _ = arena.run(match, None)
    summary = arena.summarise(match, records)
    assert str(summary) == arena.text_table(match, summary)
    code, out, err = run(["arena", "durak", "--bot", "random", "--bot", "greedy", "--games", "1", "--seed", "0"], capsys)
    assert code == 0, err
    def untimed(text: str) -> list[str]:  # the same games, the seconds per move aside
        return [line for line in text.rstrip("\n").split("\n") if " s CPU" not in line]

    assert untimed(str(summary)) == untimed(out) and len(untimed(out)) > 4
    from foolsolve.present import pre_html

    assert summary._repr_html_() == pre_html(str(summary)) and summary._repr_html_().startswith("<pre>durak, 2 players")


def test_the_quick_world_keeps_ismcts_and_gives_pimc_one_world_of_one_playout_a_move():
    from foolsolve import seat

    for method, quick in (("ismcts", "ismcts"), ("pimc", "pimc"), ("auto", "pimc"), ("exact", "pimc")):
        got = seat.one_quick_world(seat.Settings(method=method, samples=40, seconds=0.1, budget=seat.Budget(nodes=700)))
        assert (got.method, got.samples, got.seconds) == (quick, 1, None)
        assert (got.budget.nodes, got.budget.search_nodes, got.budget.playouts) == (1, 1, 1)


def test_a_matchs_errors_keep_the_users_own_text(tmp_path):
    """A bot command or a rule key that reads like one of the command's options stays as written;
    the field the error is about is named as the Match's."""
    with pytest.raises(InputError) as caught:
        arena.Match("durak", {}, 2, ("random", f"cmd:{tmp_path}/--games"), 1, 0)
    assert str(caught.value).startswith(f"Match.bots cmd:{tmp_path}/--games: cannot start it: {tmp_path}/--games ")
    with pytest.raises(InputError, match=r"^Match\.rules\.--seed: unknown rule option"):
        arena.Match("durak", {"--seed": 1}, 2, ("random", "greedy"), 1, 0)


def test_a_match_takes_numpy_whole_numbers_as_ints():
    np = pytest.importorskip("numpy")
    match = arena.Match("durak", {}, np.int64(2), ("random", "greedy"), np.int32(1), np.int64(7))
    assert (match.players, match.deals, match.seed) == (2, 1, 7) and type(match.seed) is int
    assert json.dumps(match.header())


def test_summarise_checks_its_records_as_a_resumed_file_is_checked():
    """Records that are no games of the match (empty, of another seed, an unknown bot in the
    seating, a game twice) or no list at all are a one-line error naming the record."""
    match = arena.Match("durak", {}, 2, ("random", "greedy"), 1, 0)
    records, _ = arena.run(match, None)
    assert arena.summarise(match, records).games == len(records) == 2
    other, _ = arena.run(arena.Match("durak", {}, 2, ("random", "greedy"), 1, 5), None)
    for bad, message in [
        ([{}], r"^records\[0\]: not a game record of this match \(deal: not a deal number\)$"),
        (None, r"^records: expected a list of game records \(arena\.run's\), got NoneType$"),
        ("x", r"^records: expected a list of game records \(arena\.run's\), got str$"),
        ([records[0], None], r"^records\[1\]: not a game record of this match \(not an object\)$"),
        ([{**records[0], "seating": ["random", "zz"]}], r"^records\[0\]: .*seating: \[\"random\", \"zz\"\] is not a "),
        (records + records[:1], r"^records\[2\]: repeats the game of records\[0\] \(deal 0, seating random, greedy\)"),
        (other, r"^records\[0\]: not a game record of this match \(its start is not deal 0 of seed 0\)$"),
    ]:
        with pytest.raises(InputError, match=message):
            arena.summarise(match, bad)
    with pytest.raises(InputError, match=r"^bootstrap: expected a whole number, got 'bad'$"):
        arena.summarise(match, records, bootstrap="bad")
    with pytest.raises(InputError, match=r"^match: expected an arena\.Match, got dict$"):
        arena.summarise({}, records)


def test_a_match_keeps_the_games_registry_name_and_runs_errors_name_out(tmp_path):
    """A match of 'Durak' is the match of 'durak' (its header, its resume); from Python an error of
    the record file names run's parameter ``out``."""
    out = tmp_path / "m.jsonl"
    match = arena.Match("Durak", {}, 2, ("random", "greedy"), 1, 0)
    assert match.game == "durak" and match.header()["game"] == "durak"
    first, _ = arena.run(match, str(out))
    again, _ = arena.run(arena.Match("durak", {}, 2, ("random", "greedy"), 1, 0), str(out))
    assert again == first and out.read_text().startswith('{"format": "foolsolve-arena/1", "game": "durak"')
    with pytest.raises(InputError, match=rf"^out: {re.escape(str(out))} holds another match"):
        arena.run(arena.Match("durak", {}, 2, ("random", "greedy"), 1, 9), str(out))


def test_bot_labels_naming_one_bot_are_one_bot_and_control_characters_are_refused(capsys):
    """Labels that differ only in case, blanks or an empty parameter list name one bot, refused as
    the same bot twice; a label is read as the command reads it (blanks at its ends dropped) and
    holds no control character."""
    for pair in [("random", "random:"), ("Random", "random"), ("pimc:samples=4,time=1", "pimc: time=1 ,samples=4")]:
        with pytest.raises(InputError, match=r"^Match\.bots: .* are the same bot with the same parameters: each bot once"):
            arena.Match("durak", {}, 2, pair, 1, 0)
    assert arena.Match("durak", {}, 2, ("random\n", " greedy"), 1, 0).bots == ("random", "greedy")
    with pytest.raises(InputError, match=r"^Match\.bots: a bot's label holds a control character: 'ran\\ndom'$"):
        arena.Match("durak", {}, 2, ("ran\ndom", "greedy"), 1, 0)
    code, _, err = run(["arena", "durak", "--bot", "random", "--bot", "random:"], capsys)
    assert code == 2 and '--bot: "random" and "random:" are the same bot' in err, err


def test_run_refuses_an_out_or_tick_of_another_kind():
    from foolsolve.errors import InputError

    match = arena.Match("durak", {}, 2, ("random", "greedy"), deals=1, seed=3)
    with pytest.raises(InputError, match=r"^out: expected the records file's name \(a str\) or None, got 42$"):
        arena.run(match, 42)  # type: ignore[arg-type]
    with pytest.raises(InputError, match=r"^tick: expected a function .*, got 3$"):
        arena.run(match, None, tick=3)


def test_a_pair_says_its_comparisons_and_its_games_apart() -> None:
    """A 3-player match seats one bot twice: each game compares two pairs of seats for the pair of
    bots, and the pair's row said "games": 18 for 9 games. It gives both: comparisons (the n of
    the score rate and its Wilson interval) and games (the games in which the two met); the table
    says the comparisons are pairs of seats."""
    match = arena.Match("foolery", {}, 3, ("random", "greedy"), 3, 0)
    records, _ = arena.run(match, None)
    summary = arena.summarise(match, records)
    rows = summary.to_json()["pairs"]
    assert len(records) == summary.games == 9
    for row in rows:
        assert row["games"] == 9 and row["comparisons"] == 18 == row["wins"] + row["losses"] + row["draws"]
        assert row["score_rate"] == (row["wins"] + row["draws"] / 2) / row["comparisons"]
    assert "won, lost, drawn count pairs of seats" in str(summary)
    two = arena.Match("durak", {}, 2, ("random", "greedy"), 2, 0)
    two_summary = arena.summarise(two, arena.run(two, None)[0])
    assert all(row["games"] == row["comparisons"] == 4 for row in two_summary.to_json()["pairs"])
    assert "pairs of seats" not in str(two_summary)


def test_an_out_that_fails_mid_match_is_one_warning_and_the_summary_names_the_games_not_in_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--out`` whose writes fail after the match began (a full disk): one warning line, the match
    played to the end, the summary (text and --json) naming the games not in the file, the file
    holding only whole records, and a rerun playing exactly those games."""
    import errno

    from tests.generic.batch_helpers import call_main

    args = ["arena", "durak", "--bot", "random", "--bot", "greedy", "--games", "3", "--seed", "1"]
    real = os.fsync

    def full_after(whole: int) -> Any:
        synced: list[int] = []

        def fsync(fd: int) -> None:
            synced.append(fd)
            if len(synced) > whole:
                raise OSError(errno.ENOSPC, "No space left on device")
            real(fd)
        return fsync

    for as_json in (False, True):
        out = tmp_path / f"a{as_json}.jsonl"
        monkeypatch.setattr(arena.os, "fsync", full_after(2))  # the header and the first game, then a full disk
        code, text, err = call_main([*args, "--out", str(out), *(["--json"] if as_json else [])])
        monkeypatch.undo()
        assert code == 0, err
        assert err.splitlines() == [f"foolsolve: warning: --out {out}: cannot write (No space left on device); the match "
                                    "goes on, this game and those after it not recorded there (a rerun with the same "
                                    "--out plays them again)"]
        header, *kept = (json.loads(line) for line in out.read_text().splitlines())
        assert header["format"] == arena.FORMAT and len(kept) == 1
        every = {(d, s) for d in range(3) for s in (("random", "greedy"), ("greedy", "random"))}
        missing = every - {(r["deal"], tuple(r["seating"])) for r in kept}
        if as_json:
            shown = json.loads(text)
            assert {(r["deal"], tuple(r["seating"])) for r in shown["not_recorded"]} == missing
        else:
            last = text.splitlines()[-1]
            assert last.startswith(f"(not in {out}, whose write failed: 5 games played, deal ") and last.endswith(
                f"run again with --out {out} to play them again)"), text
            assert all(f"deal {d} ({' v '.join(s)})" in last for d, s in missing)
        played: list[int] = []
        arena.run(arena.Match("durak", {}, 2, ("random", "greedy"), 3, 1), str(out), tick=played.append)
        assert played == [2, 3, 4, 5, 6] and len(out.read_text().splitlines()) == 7  # only the games not in it


# --- a cmd: bot serves one seat of one game -----------------------------------------------------

_VIEW_LOGGER = """\
import json, os, sys
log = open(sys.argv[1], "a")
for line in sys.stdin:
    r = json.loads(line)
    log.write(json.dumps({"pid": os.getpid(), "player": r["player"], "view": r["view"]}) + "\\n")
    log.flush()
    print(0, flush=True)
"""


_ECHO = """\
import json, sys
log = open(sys.argv[1], "a")
for line in sys.stdin:
    log.write(line)
    log.flush()
    print(0, flush=True)
"""


def test_a_cmd_bots_request_carries_every_move_so_far_as_its_seat_saw_it(tmp_path):
    """A ``cmd:`` program was told its view and its legal moves, never what the others did. Each
    request has ``played``: every move of the game so far as that seat saw it made, in order (the
    others' face-down cards as such), each ``{"player", "move", "boundary"}`` and a ``note`` where
    a round's end says what it decided. A program that echoes its requests logs them."""
    from foolsolve.game import public_record

    bot = tmp_path / "echo.py"
    bot.write_text(_ECHO)
    log = tmp_path / "requests.jsonl"
    match = arena.Match("three-fools", {}, 3, (f"cmd:{sys.executable} {bot} {log}", "random"), deals=1, seed=2)
    rec = arena.play(arena.Task(match, 0, (0, 1, 1)))
    assert rec["forfeit"] is None
    requests = [json.loads(x) for x in log.read_text().splitlines()]
    spec = games.get("three-fools").spec
    state = spec.state_from_json(rec["start"])
    seen: list[dict[str, Any]] = []
    asked = []
    for text in rec["moves"]:
        if spec.to_move(state) == 0:
            asked.append(list(seen))
        move = spec.parse_move(state, text)
        after = spec.apply(state, move)
        seen.append(public_record(spec, state, move, after, 0).to_json())
        state = after
    assert [r["played"] for r in requests] == asked and len(asked) > 3
    moves = [m["move"] for r in requests for m in r["played"]]
    assert "play a card face down" in moves and any(m.startswith("lead a card face down as ") for m in moves)
    assert any("note" in m and m["boundary"] for r in requests for m in r["played"])


@pytest.mark.parametrize(("game", "players"), [("durak", 2), ("foolery", 3)])
def test_a_cmd_bot_process_sees_one_seat_of_one_game(tmp_path, capsys, game, players):
    """A ``cmd:`` program was started once a match: one remembering its hand learnt the other
    hand in the mirror seating of the same deal, and a bot holding two seats of a Foolery game got
    both hands in one process. Every view a program receives is logged with its pid: each game's
    programs are its own, and each program is asked for one seat."""
    bot = tmp_path / "views.py"
    bot.write_text(_VIEW_LOGGER)
    log = tmp_path / "views.jsonl"
    label = f"cmd:{sys.executable} {bot} {log}"
    code, _, err = run(["arena", game, "--players", str(players), "--bot", label, "--bot", "random",
                        "--games", "2", "--seed", "21", "--out", str(tmp_path / "m.jsonl")], capsys)
    assert code == 0, err
    records = [json.loads(x) for x in (tmp_path / "m.jsonl").read_text().splitlines()[1:]]
    views = [json.loads(x) for x in log.read_text().splitlines()]
    assert not any(r["forfeit"] for r in records)
    pids_of_games: list[set[int]] = []
    at = 0
    for rec in records:  # one worker: the games are played, and logged, in the file's order
        asked = sum(n for label_, n in zip(rec["seating"], rec["decisions"]) if label_ == label)
        mine, at = views[at:at + asked], at + asked
        seat_of: dict[int, int] = {}
        for v in mine:
            assert seat_of.setdefault(v["pid"], v["player"]) == v["player"], "one process was asked for two seats"
            assert v["view"]["view"] == v["player"]
        assert len(seat_of) == sum(label_ == label for label_ in rec["seating"])
        pids_of_games.append(set(seat_of))
    assert at == len(views)
    assert all(not (a & b) for a, b in itertools.combinations(pids_of_games, 2)), "one process played two games"
    if game == "foolery":
        assert any(len(p) == 2 for p in pids_of_games)  # a bot holding two seats is two programs


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_a_game_closes_the_bots_it_started_when_it_ends(tmp_path):
    """The programs of a game played where it runs (a worker, a Dask worker outliving the match)
    were kept by the process until its exit: an edited bot kept playing its old code. ``play``
    (what a worker runs) ends every program it started before it returns, and keeps none."""
    bot = tmp_path / "views.py"
    bot.write_text(_VIEW_LOGGER)
    log = tmp_path / "views.jsonl"
    match = arena.Match("durak", {}, 2, (f"cmd:{sys.executable} {bot} {log}", "random"), deals=1, seed=3)
    arena.play(arena.Task(match, 0, (0, 1)))
    assert arena._BOTS == {}
    pids = {json.loads(x)["pid"] for x in log.read_text().splitlines()}
    assert len(pids) == 1 and not [pid for pid in pids if _alive(pid)]


def test_the_workers_promise_of_the_same_results_is_said_of_sample_and_iteration_budgets_alone(capsys):
    """``--workers`` said "results are the same for any number", docs/arena.md "the same games and
    the same results as one process"; two runs of ``pimc:time=0.02`` differ. Both say that holds
    for budgets in samples or iterations, not time."""
    code, out, _ = run(["arena", "--help"], capsys)
    assert code == 0
    said = " ".join(out.split())
    assert "results are the same for any number, for bots whose budgets are samples or iterations, not time=" in said
    docs = " ".join((REPO / "docs" / "arena.md").read_text().split())
    assert ("the same games and the same results as one process, for bots whose budgets are samples or iterations "
            "(a `time=S` budget does as much work as the machine does in that time, so two runs of it differ)") in docs


def test_a_record_line_that_is_not_utf8_is_refused_on_resume_as_play_refuses_it(tmp_path, capsys):
    """Bytes ``\\xff\\xfe`` in a record line: ``play --record`` said ``line 2: not UTF-8 text (byte 0xff
    at column N)``, but the arena decoded them as U+FFFD and said the line was no game record of the
    match, quoting the replacement characters. The arena reads its record file strictly too, and
    says the same; the file is left as it was."""
    out = _damaged_record_file(tmp_path, capsys, "deal", 0)
    data = out.read_bytes()
    line2 = data.index(b"\n") + 1
    at = data.index(b'"six_th', line2) + len(b'"six_th')
    data = data[:at] + b"\xff\xfe" + data[at:]
    out.write_bytes(data)
    column = at - line2 + 1
    said = f"line 2: not UTF-8 text (byte 0xff at column {column})"
    code, _, err = run(["arena", "durak", "--bot", "random", "--bot", "greedy", "--games", "1", "--out", str(out)],
                       capsys)
    assert_one_line_error(code, err, f"--out: {out} {said}")
    assert "\\ufffd" not in err and out.read_bytes() == data
    code, _, err = run(["play", str(out), "--record", "1"], capsys)
    assert_one_line_error(code, err, said)


@pytest.mark.parametrize("k", [1, 2])
def test_replay_refuses_a_record_file_the_arena_refuses_a_game_of_another_deal_or_a_game_twice(tmp_path, capsys, k):
    """``play --record`` replayed, exit 0, a record whose ``deal`` was changed to 99 (the arena
    refused it: its start is not deal 99 of the seed) and a game repeated on lines 2 and 3 from
    either line (the arena: line 3 repeats the game of line 2). The deal and the repeat are checked
    by the one record check both use (arena.record_problem)."""
    out = tmp_path / "m.jsonl"
    argv = ["arena", "durak", "--bot", "random", "--bot", "greedy", "--games", "1", "--seed", "9", "--out", str(out)]
    code, _, err = run(argv, capsys)
    assert code == 0, err
    header, first, second = out.read_text().splitlines()
    out.write_text("\n".join([header, first, first, second]) + "\n")
    for command in (["play", str(out), "--record", str(k)], argv):
        code, _, err = run(command, capsys)
        assert_one_line_error(code, err, "line 3 repeats the game of line 2 (deal 0, seating", "each game is recorded once")
    code, _, err = run(["play", str(out), "--record", "3"], capsys)
    assert code == 0, err  # a game recorded once replays (the arena refuses the whole file)
    moved = {**json.loads(first), "deal": 99}
    out.write_text("\n".join([header, json.dumps(moved), second]) + "\n")
    code, _, err = run(["play", str(out), "--record", "1"], capsys)
    assert_one_line_error(code, err, "line 2 is not a game record of this match (its start is not deal 99 of seed 9)")
    code, _, err = run(["play", str(out), "--record", "2"], capsys)
    assert code == 0, err  # the other game is a game of the match


def test_a_forfeit_names_its_game_and_record_and_its_exit_code_every_time(tmp_path, capsys):
    """The summary printed ``forfeit: deal 0, seat 0 (...)`` twice for the two seatings of one deal,
    JSON forfeits had no seating or record number, and ``(exit code 3)`` was there or not by a race
    (the exit status read before the program was reaped). Each forfeit names its deal, seating and
    the record's number in --out (what ``play --record K`` replays, a resumed file's games
    counted), and the reason is the same every time."""
    bot = tmp_path / "ends.py"
    bot.write_text("import sys\nsys.exit(3)\n")
    label = f"cmd:{sys.executable} {bot}"
    out = tmp_path / "m.jsonl"
    argv = ["arena", "durak", "--bot", label, "--bot", "random", "--seed", "4", "--out", str(out)]
    code, _, err = run([*argv, "--games", "1"], capsys)
    assert code == 0, err
    code, text, err = run([*argv, "--games", "3"], capsys)  # resumed: deals 1 and 2 appended
    assert code == 0, err
    lines = [line for line in text.splitlines() if line.strip().startswith("forfeit:")]
    assert len(lines) == 6 and len(set(lines)) == 6
    code, text, err = run([*argv, "--games", "3", "--json"], capsys)
    assert code == 0, err
    forfeits = json.loads(text)["forfeits"]
    records = [json.loads(x) for x in out.read_text().splitlines()[1:]]
    assert sorted(f["record"] for f in forfeits) == [1, 2, 3, 4, 5, 6]
    for f in forfeits:
        assert f["reason"] == "the program ended (exit code 3)"
        rec = records[f["record"] - 1]  # play OUT --record K replays game K: the K-th record
        assert (rec["deal"], rec["seating"]) == (f["deal"], f["seating"]) and f["seating"][f["seat"]] == label
        assert f"forfeit: deal {f['deal']} ({' v '.join(f['seating'])}), record {f['record']}, seat {f['seat']}" in \
            "\n".join(lines)


def test_a_bot_writing_more_than_its_answer_line_forfeits_for_its_extra_output(tmp_path, capsys):
    """A bot printing two lines for one request had the second taken as its next answer (its
    forfeit read ``illegal move 'throw 6♥'``). Output already there when the next request is sent is
    a forfeit that says so, quoting it."""
    bot = tmp_path / "twice.py"
    bot.write_text("import json, sys\nfor line in sys.stdin:\n"
                   "    print(json.loads(line)['legal'][0] + '\\nextra', flush=True)\n")
    code, out, err = run(["arena", "durak", "--bot", f"cmd:{sys.executable} {bot}", "--bot", "random", "--games", "1",
                          "--json"], capsys)
    assert code == 0, err
    forfeits = json.loads(out)["forfeits"]
    # (what was readable when the next request was due: the line, or the line without its end)
    assert len(forfeits) == 2 and all(f["reason"] in ("extra output after its answer: 'extra\\n'",
                                                       "extra output after its answer: 'extra'") for f in forfeits)


@pytest.mark.parametrize("players", ["0", "-3", "1", "9"])
def test_every_player_count_out_of_range_gets_one_message_form(capsys, players):
    """``--players 0`` said ``expected at least 1`` and ``--players 1`` ``Durak takes 2-8 players``."""
    code, _, err = run(["arena", "durak", "--bot", "random", "--bot", "greedy", "--players", players], capsys)
    assert_one_line_error(code, err, f"--players: Durak takes 2-8 players, not {players}")


def test_a_match_of_no_games_says_so_and_rates_no_bot():
    """A match stopped before its first game printed an Elo row of 1000 for bots that never played."""
    match = arena.Match("durak", {}, 2, ("random", "greedy"), deals=1, seed=1)
    summary = arena.summary_of(match, [])
    table = arena.text_table(match, summary)
    assert "no games were played: no Elo ratings" in table and "1000" not in table
    assert summary.to_json()["elo"] == []


@pytest.mark.parametrize(("change", "said"), [
    (["--seed", "5"], "holds another match (its seed is 1, this match's 5)"),
    (["--rules", '{"deck": 52}'], "holds another match (its rule deck is 36, this match's 52)"),
    (["--bot", "ismcts"], 'holds another match (its bots are ["random", "greedy"], this match\'s ["random", "greedy", '
                          '"ismcts"])'),
])
def test_an_out_file_of_another_match_is_refused_naming_what_differs(tmp_path, capsys, change, said):
    """``holds another match (game, rules, players, bots or seed differ)`` left the user to find
    which."""
    out = tmp_path / "m.jsonl"
    argv = ["arena", "durak", "--bot", "random", "--bot", "greedy", "--games", "1", "--out", str(out)]
    code, _, err = run(argv, capsys)
    assert code == 0, err
    code, _, err = run([*argv, *change], capsys)
    assert_one_line_error(code, err, f"--out: {out} {said}; use another file")


def test_a_forfeit_quotes_the_end_of_the_programs_standard_error(tmp_path, capsys):
    """A bot's standard error went to /dev/null: its author never saw the traceback that ended it.
    The last lines (bounded) end the forfeit's reason."""
    bot = tmp_path / "crash.py"
    bot.write_text("import sys\nsys.stdin.readline()\nprint('x' * 5000, file=sys.stderr)\n"
                   "print('warming up', file=sys.stderr)\nraise SystemExit('my bot broke')\n")
    code, out, err = run(["arena", "durak", "--bot", f"cmd:{sys.executable} {bot}", "--bot", "random", "--games", "1",
                          "--json"], capsys)
    assert code == 0, err
    forfeits = json.loads(out)["forfeits"]
    assert len(forfeits) == 2
    for f in forfeits:
        reason = f["reason"]
        assert reason.startswith("the program ended (exit code 1); its standard error ended: 'xxx")
        assert reason.endswith("xxx | warming up | my bot broke'") and len(reason) < 400


def test_the_docs_state_what_ending_a_bots_processes_guarantees_and_what_it_does_not():
    """docs/arena.md said nothing a program started "outlives the arena": not so for a process that
    left the group (``setsid``) or for an arena killed with SIGKILL. It says what is guaranteed."""
    docs = " ".join((REPO / "docs" / "arena.md").read_text().split())
    assert "outlives the arena" not in docs
    assert ("sends SIGKILL to the program's whole process group, so the program and every process it started that "
            "stays in its group") in docs
    assert "Not covered: a process that leaves the group (`setsid`" in docs
    assert "an arena (or worker) killed with SIGKILL, or dying some other way that runs no code, ends nothing" in docs


def test_the_stop_line_says_where_the_games_played_are_kept():
    """A match stopped early without --out said "those are kept" of games no file keeps, and after
    none was played: the line says where they are (the file, or only the table), or that none ended."""
    from foolsolve.arena_cli import stop_line

    assert stop_line("Ctrl-C", 2, 4, "m.jsonl") == (
        "(stopped by Ctrl-C after 2 of 4 games: those are kept in m.jsonl; run again with --out m.jsonl to finish)")
    assert stop_line("SIGTERM", 2, 4, None) == (
        "(stopped by SIGTERM after 2 of 4 games: only the table above holds them; --out FILE keeps a match's games, "
        "and a rerun with it finishes the match)")
    assert stop_line("Ctrl-C", 0, 4, None) == "(stopped by Ctrl-C before any of the 4 games ended)"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_a_workers_sigterm_as_a_cmd_bot_starts_ends_that_program_too(tmp_path):
    """A pool worker's SIGTERM (the arena stopped on Ctrl-C) landing as a program is started (the
    process exists, Popen has not returned) ran the worker's handler before the bot held the
    process: the handler ended the other programs and the worker, and this one outlived both."""
    pids = tmp_path / "pids"
    script = f"""
import os, signal, subprocess
from foolsolve import arena
from foolsolve.bots import external
real = subprocess.Popen
def started_then_terminated(*args, **kwargs):
    proc = real(*args, **kwargs)
    with open({str(pids)!r}, "w") as f:
        f.write(str(proc.pid))
    os.kill(os.getpid(), signal.SIGTERM)
    return proc
external.subprocess.Popen = started_then_terminated
signal.signal(signal.SIGTERM, arena._terminated)
bot = external.ExternalBot("sleep 30")
arena._BOTS[id(bot)] = bot
bot._start()
"""
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert proc.returncode == -signal.SIGTERM, proc.stderr
    pid = int(pids.read_text())
    try:
        end = time.monotonic() + 10
        while _alive(pid) and time.monotonic() < end:
            time.sleep(0.05)
        assert not _alive(pid)
    finally:
        if _alive(pid):
            os.kill(pid, signal.SIGKILL)
