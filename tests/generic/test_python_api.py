"""foolsolve from Python (docs/python.md): ``foolsolve.answer`` gives the answer ``foolsolve
POSITION.json`` gives (one code path, the command's defaults), ``foolsolve.load`` draws a view as
``show VIEW --svg`` does, the answers print and show in a notebook as the command prints them and
read back from their JSON (bad JSON an InputError), the package's names are found by ``dir`` while
``import foolsolve`` stays light, and errors name the Python parameters."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import foolsolve
from foolsolve.errors import InputError
from foolsolve.game import CHANCE
from tests.durak.helpers import finished_file
from tests.generic.test_cli import run

EXAMPLES = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"

# (file, the command's options, answer()'s parameters): fixed seeds and small budgets, every kind of answer
CASES = [
    pytest.param("durak-endgame.json", [], {}, id="full-position-exact"),
    pytest.param("fools-paradise-endgame.json", ["--max-nodes", "100000"], {"max_nodes": 100000}, id="fp-max-nodes"),
    pytest.param("views/durak-fresh-deal.json", ["--samples", "5", "--seed", "1"], {"samples": 5, "seed": 1},
                 id="view-pimc"),
    pytest.param("views/durak-three-players.json", ["--method", "ismcts", "--samples", "50"],
                 {"method": "ismcts", "samples": 50}, id="view-ismcts"),
    # the game's own exact solver from the seat (a solve result, not a seat answer)
    pytest.param("views/three-fools.json", [], {}, id="view-seat-exact"),
    # a full position the exact solver refuses, cards hidden from the mover: her seat answers
    pytest.param("fools-paradise-three-players-unknown-stock.json", ["--samples", "4"], {"samples": 4},
                 id="refused-to-seat"),
    pytest.param("foolery-endgame.json", ["--as", "1"], {"as_player": 1}, id="as-player"),
]

_TIMES = [(re.compile(r"\bin \d+(\.\d+)? s\b"), "in <s> s"), (re.compile(r"\([\d,]+(\.\d+)? \w+/s\)"), "(<rate>)"),
          (re.compile(r"\b\d+(\.\d+)? ms\b"), "<ms> ms")]


def untimed(x):
    """``x`` (a JSON value or text) without what varies between runs: the ``seconds`` fields, times
    and rates written in words (the last line's "5 worlds in 0.11 s (45.7 worlds/s)")."""
    if isinstance(x, dict):
        return {k: untimed(v) for k, v in x.items() if k not in ("seconds",)}
    if isinstance(x, (list, tuple)):  # (a tuple: what JSON reads back as a list)
        return [untimed(v) for v in x]
    if isinstance(x, str):
        for pattern, repl in _TIMES:
            x = pattern.sub(repl, x)
    return x


@pytest.mark.parametrize("name,argv,kwargs", CASES)
def test_answer_is_what_the_command_prints(name, argv, kwargs, capsys):
    path = str(EXAMPLES / name)
    code, out, err = run([path, *argv, "--json", "--no-store"], capsys)
    assert code == 0, err
    ans = foolsolve.answer(path, **kwargs)
    assert untimed(ans.to_json()) == untimed(json.loads(out))
    code, text, err = run([path, *argv, "--no-store"], capsys)
    assert code == 0, err
    assert untimed(str(ans)) == untimed(text.rstrip("\n"))
    assert untimed(ans._repr_html_()).startswith("<pre>") and "Best: " in ans._repr_html_()


def test_answer_of_a_three_player_durak_midbout_gives_the_deeper_rounds_as_the_command():
    """The trial's case (finding 4): seat.analyse with its own defaults skipped the deeper rounds
    and gave a three-way tie; answer() gives the command's answer, with its deeper rounds and its
    second opinion."""
    path = str(EXAMPLES / "durak-midbout.json")
    ans = foolsolve.answer(path, time=0)
    assert isinstance(ans, foolsolve.SeatAnswer)
    assert ans.best == ["cover 8♦ with 9♦"]
    assert any("deeper rounds" in n for n in ans.notes)
    assert any("a second method does not settle on a move" in n for n in ans.notes)
    proc = subprocess.run([sys.executable, "-m", "foolsolve", path, "--time", "0", "--json", "--no-store"],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    assert untimed(ans.to_json()) == untimed(json.loads(proc.stdout))


def test_answer_takes_json_a_position_a_view_and_a_spec_state():
    obj = json.loads((EXAMPLES / "durak-endgame.json").read_text())
    want = untimed(foolsolve.answer(EXAMPLES / "durak-endgame.json").to_json())
    pos = foolsolve.load(obj)
    for given in (obj, json.dumps(obj), pos, pos.state):
        assert untimed(foolsolve.answer(given).to_json()) == want
    view = foolsolve.load(EXAMPLES / "views" / "fools-and-angels.json")
    a = foolsolve.answer(view, samples=3)
    b = foolsolve.answer(view.view, samples=3)
    assert untimed(a.to_json()) == untimed(b.to_json()) and a.player == 0
    assert foolsolve.answer_text(view, samples=3).startswith("Fools and Angels: player 0 to move, seen from")


def test_answer_reads_and_writes_no_store_unless_asked(tmp_path, monkeypatch):
    default = tmp_path / "default.sqlite3"
    monkeypatch.setenv("FOOLSOLVE_STORE", str(default))
    path = EXAMPLES / "durak-endgame.json"
    assert foolsolve.answer(path).stored is False and not default.exists()
    mine = tmp_path / "mine.sqlite3"
    assert foolsolve.answer(path, store=mine).stored is False
    assert foolsolve.answer(path, store=str(mine)).stored is True and not default.exists()
    assert foolsolve.answer(path, store=True).stored is False and default.exists()


@pytest.mark.parametrize("kwargs,needle", [
    ({"as_player": 7}, "as_player: player 7 does not exist (2 players)"),
    ({"as_player": -1}, "as_player: expected at least 0, got -1"),
    ({"as_player": True}, "as_player: expected a whole number"),
    ({"time": -1}, "time: expected at least 0 seconds"),
    ({"time": float("nan")}, "time: nan is not a finite number of seconds"),
    ({"time": "5"}, "time: expected a number of seconds"),
    ({"method": "foo"}, "method: expected one of auto, exact, pimc, ismcts"),
    ({"samples": 0}, "samples: expected at least 1, got 0"),
    ({"samples": "10"}, "samples: expected a whole number, got '10'"),
    ({"samples": 10**8}, "samples: at most 10000000"),
    ({"seed": "abc"}, "seed: expected a whole number, got 'abc'"),
    ({"workers": 0}, "workers: expected at least 1, got 0"),
    ({"workers": 10**6}, "workers: at most"),
    ({"max_nodes": 0}, "max_nodes: expected at least 1"),
    ({"options": ["pv=false"]}, "options: expected a dict of solver options"),
    ({"options": {"no_such_option": 1}}, "no_such_option"),
    ({"store": 3}, "store: expected False, True or a file name"),
    ({"method": "exact", "samples": 3}, "samples: method exact values every consistent world once"),
    ({"open_hand": True, "as_player": 0}, "open_hand: answers with every card known"),
])
def test_bad_parameters_are_one_line_input_errors_naming_the_parameter(kwargs, needle):
    with pytest.raises(InputError) as exc:
        foolsolve.answer(EXAMPLES / "durak-endgame.json", **kwargs)
    message = str(exc.value)
    assert needle in message and "\n" not in message
    assert not re.search(r"(?<![\w-])--(as|time|method|samples|seed|workers|max-nodes|option)\b", message), message


def test_a_view_answer_names_the_parameters_too():
    view = EXAMPLES / "views" / "durak-fresh-deal.json"
    with pytest.raises(InputError, match=r"^as_player: this is player 0's view; it cannot answer for player 1$"):
        foolsolve.answer(view, as_player=1)
    with pytest.raises(InputError, match=r"^options 'pv=false': an answer from one seat"):
        foolsolve.answer(view, options={"pv": False}, samples=2)


def test_ctrl_c_in_a_seat_answer_returns_the_answer_so_far(seat_analysis_interrupted):
    """The command prints the answer so far and exits 130; from Python it is returned, marked."""
    ans = foolsolve.answer(EXAMPLES / "views" / "fools-and-angels.json", samples=3)
    assert ans.interrupted is True and ans.text().startswith("INTERRUPTED: the best answer so far")


def test_an_exact_solve_interrupted_before_the_value_says_what_its_partial_holds(monkeypatch):
    """Ctrl-C in an exact solve that proved some moves but not the position's value: answer()
    has no answer to return and raises Interrupted, whose one line says what ``.partial`` holds."""
    from foolsolve.solver import open_hand
    from foolsolve.solver.base import Interrupted
    from tests.durak.test_partial import endgame

    real = open_hand.solve_or_answer

    def ctrl_c_midway(info, state, parsed, store, max_nodes, seconds, tick, **kwargs):
        def stop(nodes):
            if nodes >= 700:  # of the 1,397 nodes the whole solve takes: 2 of its 6 moves proved
                raise KeyboardInterrupt

        return real(info, state, parsed, store, max_nodes, seconds, stop, **kwargs)

    monkeypatch.setattr(open_hand, "solve_or_answer", ctrl_c_midway)
    with pytest.raises(Interrupted) as caught:
        foolsolve.answer(endgame(6, 0), options={"jit": False})
    partial = caught.value.partial
    assert partial is not None and not partial.answers() and len(partial.moves) == 2
    assert str(caught.value) == "interrupted: 2 of 6 moves proved; the exception's .partial holds them"


def test_an_interrupted_solves_line_counts_what_it_holds():
    from foolsolve.solver.base import Interrupted, MoveBound, MoveValue, SolveResult

    def part(proved: int, open_: int) -> SolveResult:
        return SolveResult("durak", 0, None, [MoveValue(f"m{i}", "win") for i in range(proved)], [], 1, 0.0,
                           unfinished=[MoveBound(f"u{i}", "loss", "win") for i in range(open_)])

    assert str(Interrupted(part(1, 20))) == "interrupted: 1 of 21 moves proved; the exception's .partial holds it"
    assert str(Interrupted(part(0, 3))) == "interrupted: no move proved (of 3)"
    assert str(Interrupted(None)) == "interrupted"
    assert str(Interrupted(None, part(1, 0))) == "interrupted: the exception's .answer holds the answer so far"


# --- drawing a view -----------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(p.name for p in (EXAMPLES / "views").glob("*.json")))
def test_a_view_loads_and_draws_as_show_draws_it(name, capsys):
    path = EXAMPLES / "views" / name
    pos = foolsolve.Position.load(str(path))
    assert pos.is_view and pos.state is None
    again = foolsolve.Position.from_json(json.loads(json.dumps(pos.to_json())))  # the view as read (normalised)
    assert again.to_json() == pos.to_json() and again.svg() == pos.svg()
    code, out, err = run(["show", str(path), "--svg", "-"], capsys)
    assert code == 0, err
    assert pos._repr_svg_() == out.rstrip("\n") == foolsolve.load(path).svg()
    assert 'data-face="down"' in pos.svg()
    code, out, _ = run(["show", str(path)], capsys)
    assert str(pos) == out.rstrip("\n")
    assert repr(pos) == f"<Position {pos.game}: player {pos.view.player}'s view, hidden cards>"


@pytest.mark.parametrize("name", [*sorted(p.name for p in EXAMPLES.glob("*.json")),
                                  *sorted(f"views/{p.name}" for p in (EXAMPLES / "views").glob("*.json"))])
def test_a_positions_text_is_what_show_prints(name, capsys):
    """``str(pos)`` is ``foolsolve show``'s text, its rules line and who is to move included (a rule
    off its default, as durak-perevodnoy's variant, is in a notebook's text too)."""
    code, out, err = run(["show", str(EXAMPLES / name)], capsys)
    assert code == 0, err
    assert str(foolsolve.load(EXAMPLES / name)) == out.rstrip("\n")


def test_a_positions_text_names_the_rules_in_force():
    assert 'rules (not the default): variant="perevodnoy"' in str(foolsolve.load(EXAMPLES / "durak-perevodnoy.json"))
    assert "player 0 to move" in str(foolsolve.load(EXAMPLES / "three-fools-liar.json"))


@pytest.mark.parametrize("name", [*sorted(p.name for p in EXAMPLES.glob("*.json")),
                                  *sorted(f"views/{p.name}" for p in (EXAMPLES / "views").glob("*.json"))])
def test_a_positions_moves_are_what_the_moves_command_lists(name, capsys):
    """``Position`` had no ``moves()`` (``pos.spec.legal_moves(pos.state)``, spec move objects): the
    texts ``foolsolve moves`` prints, which ``play`` reads back."""
    pos = foolsolve.load(EXAMPLES / name)
    code, out, _ = run(["moves", str(EXAMPLES / name), "--json"], capsys)
    assert code == 0
    assert pos.moves() == json.loads(out) and all(isinstance(m, str) for m in pos.moves())
    if not pos.is_view and pos.moves():
        after = pos.play(pos.moves()[-1])
        assert after.state == pos.spec.play(pos.state, pos.moves()[-1])


def test_a_view_with_another_player_to_move_has_no_moves_to_list(tmp_path, capsys):
    view = tmp_path / "v1.json"
    code, _, _ = run(["view", str(EXAMPLES / "durak-endgame.json"), "--as", "1", "--out", str(view)], capsys)
    assert code == 0
    with pytest.raises(InputError, match=r"^moves: player 0 is to move, not the viewer \(player 1\)"):
        foolsolve.load(view).moves()


def test_a_views_position_refuses_what_needs_every_card():
    pos = foolsolve.load(EXAMPLES / "views" / "durak-fresh-deal.json")
    with pytest.raises(InputError, match=r"^play: this is player 0's view"):
        pos.play("attack 7C")
    with pytest.raises(InputError, match=r"^viewer: this is player 0's view; it cannot show player 1's$"):
        pos.svg(viewer=1)
    assert pos.worlds().player == 0 and pos.svg(viewer=0) == pos.svg()


def test_a_full_positions_errors_name_the_python_parameter():
    pos = foolsolve.load(EXAMPLES / "durak-endgame.json")
    with pytest.raises(InputError, match=r"^viewer: player 7 does not exist \(2 players\)$"):
        pos.svg(viewer=7)
    with pytest.raises(InputError, match=r"^player: expected a player from 0 to 1, got 2$"):
        pos.worlds(2)
    assert pos.worlds(1).player == 1 and pos.worlds().player == 0


def test_the_names_of_the_options_hold_for_the_work_an_entry_point_runs():
    """An entry point's names hold within it and for what it calls (``{}`` keeps them), an inner
    entry point's own names within that (``foolsolve.answer`` called from a batch's callback names
    its own parameters), and within the command line every entry point keeps the command's."""
    from foolsolve.errors import command_line_names, option_name, option_names

    assert option_name("--time") == "--time"
    with option_names({"--time": "time"}):
        assert option_name("--time") == "time" and option_name("--seed") == "--seed"
        with option_names({}):
            assert option_name("--time") == "time"
        with option_names({"--time": "Settings.time_limit"}):
            assert option_name("--time") == "Settings.time_limit"
        assert option_name("--time") == "time"
    with command_line_names(), option_names({"--time": "time"}):
        assert option_name("--time") == "--time"
    from foolsolve import batch

    with pytest.raises(InputError, match=r"^--max-nodes: expected at least 1, got 0$"), command_line_names():
        batch.Settings(max_nodes=0)
    with pytest.raises(InputError, match=r"^as_player: player 7 does not exist"), \
            option_names(batch.SETTINGS_NAMES):
        foolsolve.answer(EXAMPLES / "durak-endgame.json", as_player=7)


def test_a_numpy_integer_stands_for_a_players_number():
    """``check_arg`` reads any whole number type where an ``int`` is asked for, as the number it
    holds (never a ``bool``): a NumPy integer stands for a viewer or a player."""
    from foolsolve.errors import check_arg

    np = pytest.importorskip("numpy")
    pos = foolsolve.load(EXAMPLES / "durak-endgame.json")
    assert pos.svg(viewer=np.int64(1)) == pos.svg(viewer=1)
    worlds = pos.worlds(np.int32(1))
    assert worlds.player == 1 and type(worlds.player) is int
    got = check_arg("n", np.int64(3), (int, type(None)), "a number")
    assert got == 3 and type(got) is int
    with pytest.raises(InputError, match=r"^viewer: expected a player's number \(an int\) or None \(all cards open\), "
                                         r"got True$"):
        pos.svg(viewer=True)
    with pytest.raises(InputError, match=r"^viewer: player 7 does not exist"):
        pos.svg(viewer=np.int8(7))


def test_wrongly_typed_arguments_are_input_errors_naming_the_argument():
    import random

    pos = foolsolve.load(EXAMPLES / "durak-endgame.json")
    cases = [
        (lambda: pos.play(5), r"^move 1: expected a move's text \(a str, .*\), got 5$"),
        (lambda: pos.play(None), r"^move 1: expected a move's text .*, got None$"),
        (lambda: pos.play(b"attack KH"), r"^move 1: expected a move's text .*, got b'attack KH'$"),
        (lambda: pos.play("attack K♥", ["take"]), r"^move 2: expected a move's text .*, got a list$"),
        (lambda: pos.svg(viewer="0"), r"^viewer: expected a player's number \(an int\) or None .*, got '0'$"),
        (lambda: pos.svg(viewer=True), r"^viewer: expected .*, got True$"),
        (lambda: pos.worlds("0"), r"^player: expected a player from 0 to 1 \(an int\) or None, got '0'$"),
        (lambda: pos.worlds().sample(None), r"^rng: expected a random.Random .*, got None$"),
        (lambda: pos.worlds().sample(7), r"^rng: expected a random.Random .*, got 7$"),
        (lambda: foolsolve.games.get(None), r"^game: expected a game's name \(a str: .*\), got None$"),
        (lambda: foolsolve.Position(pos.spec, {"x": 1}), r"^state: expected a durak state .*, got a dict$"),
        (lambda: foolsolve.Position("durak", pos.state), r"^spec: expected a game's spec .*, got 'durak'$"),
        (lambda: foolsolve.Solved.of(None, pos.state), r"^result: expected a SolveResult .*, got None$"),
        (lambda: foolsolve.Solved.of(foolsolve.answer(pos), "x"), r"^state: expected a durak state .*, got 'x'$"),
    ]
    for call, pattern in cases:
        with pytest.raises(InputError, match=pattern):
            call()
    assert pos.play("attack K♥").worlds().sample(random.Random(1)) is not None


def test_a_positions_why_is_what_the_why_command_says(capsys):
    pos = foolsolve.load(EXAMPLES / "durak-perevodnoy.json")
    for move in ["transfer 7D", "transfer 7S", "take", "attack 6S"]:
        code, out, _ = run(["why", str(EXAMPLES / "durak-perevodnoy.json"), move, "--json"], capsys)
        assert code == 0
        exp = pos.why(move)
        assert exp.to_json() == json.loads(out)
        assert exp.legal == (exp.move in pos.moves()) and exp.reasons
    with pytest.raises(InputError, match=r"^move 'fly': .*cannot read.*; legal moves: "):
        pos.why("fly")
    with pytest.raises(InputError, match=r"^move: expected a move's text .*, got 3$"):
        pos.why(3)


def test_a_positions_perft_is_what_the_perft_command_counts_by_the_spec(capsys):
    path = EXAMPLES / "durak-midbout.json"
    pos = foolsolve.load(path)
    for depth in (0, 1, 3):
        code, out, _ = run(["perft", str(path), "--depth", str(depth), "--impl", "spec", "--json"], capsys)
        assert code == 0 and pos.perft(depth) == json.loads(out)["spec"]["total"]
    code, out, _ = run(["perft", str(path), "--depth", "2", "--divide", "--impl", "spec", "--json"], capsys)
    assert pos.perft(2, divide=True) == {m["move"]: m["count"] for m in json.loads(out)["spec"]["moves"]}
    assert list(pos.perft(2, divide=True)) == pos.moves()
    for call, pattern in [(lambda: pos.perft(-1), r"^depth: expected .*, got -1$"),
                          (lambda: pos.perft("2"), r"^depth: expected .* \(an int\), got '2'$"),
                          (lambda: pos.perft(2, divide="yes"), r"^divide: expected True or False, got 'yes'$"),
                          (lambda: pos.perft(0, divide=True), r"^divide: depth 0: .*depth of 1 or more$")]:
        with pytest.raises(InputError, match=pattern):
            call()


def test_a_positions_perft_is_bounded_as_the_command_is(monkeypatch):
    from foolsolve import cli
    from foolsolve import perft as pf
    from foolsolve.errors import Stopped

    pos = foolsolve.load(EXAMPLES / "durak-redeal.json")  # depth 40: endless without a bound
    with pytest.raises(InputError, match=r"^max_nodes: the spec total at depth 40 did not finish within 100 nodes"):
        pos.perft(40, max_nodes=100)
    assert pos.perft(2, max_nodes=2**70) == pos.perft(2)  # above 2**62: read as 2**62, as --max-nodes
    monkeypatch.setattr(cli, "PERFT_SECONDS", -1.0)  # the default time, passed before the count starts
    with pytest.raises(InputError, match=r"^time: the spec total at depth 40 did not finish within -1 s \(the default"):
        pos.perft(40)
    assert pos.perft(2, time=0) == pos.perft(2, time=5) == 4  # 0: no limit
    for call, pattern in [(lambda: pos.perft(2, time=-1), r"^time: expected at least 0 seconds"),
                          (lambda: pos.perft(2, time="1"), r"^time: expected a number of seconds, got '1'$"),
                          (lambda: pos.perft(2, max_nodes=0), r"^max_nodes: expected at least 1, got 0$"),
                          (lambda: pos.perft(2, max_nodes=1.5), r"^max_nodes: expected a whole number, got 1.5$")]:
        with pytest.raises(InputError, match=pattern):
            call()

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(pf, "spec_perft", interrupted)
    with pytest.raises(Stopped, match=r"^perft interrupted: the spec's count at depth 3 did not finish$"):
        pos.perft(3)


def test_a_numpy_bool_is_taken_where_a_bool_is():
    np = pytest.importorskip("numpy")
    pos = foolsolve.load(EXAMPLES / "durak-midbout.json")
    assert pos.perft(np.int64(2), divide=np.bool_(True)) == pos.perft(2, divide=True)
    assert pos.perft(1, divide=np.bool_(False)) == 3


def test_a_positions_player_to_move_and_result(tmp_path):
    pos = foolsolve.load(EXAMPLES / "durak-midbout.json")
    assert pos.to_move == 1 and pos.result() is None
    over = foolsolve.load(finished_file(tmp_path))
    assert over.to_move is None and over.moves() == []
    res = over.result()
    assert res is not None and res == over.spec.result(over.state)
    assert res.to_json()["label"] in str(over)
    three = foolsolve.load(EXAMPLES / "three-fools-deal.json")
    assert three.to_move == CHANCE == three.spec.to_move(three.state)  # the first leader is drawn
    assert foolsolve.load(EXAMPLES / "views" / "durak-fresh-deal.json").to_move == 0


def test_a_views_position_has_no_result_why_or_perft():
    view = foolsolve.load(EXAMPLES / "views" / "durak-fresh-deal.json")
    for name, call in [("result", view.result), ("why", lambda: view.why("attack 7C")), ("perft", lambda: view.perft(1))]:
        with pytest.raises(InputError, match=rf"^{name}: this is player 0's view \(hidden cards\)"):
            call()


# --- notebook display and JSON round trips --------------------------------------------------


def test_the_answers_reprs_are_short_and_their_html_is_the_table():
    full = foolsolve.answer(EXAMPLES / "durak-endgame.json")
    assert repr(full) == "<Solved durak: value loss for player 0, best attack K♥>"
    from dataclasses import replace

    guess = replace(full, value_kind="estimate", value=1.0, moves=[], best=["attack A♥"])
    assert repr(guess) == "<Solved durak: estimate 1.000000 for player 0, best attack A♥>"
    assert isinstance(full, foolsolve.Solved) and full.state is not None
    seat = foolsolve.answer(EXAMPLES / "views" / "durak-fresh-deal.json", samples=5, seed=1)
    assert repr(seat) == ("<SeatAnswer durak, player 0's seat, pimc over 5 worlds: best attack 10♦, attack K♦, "
                          "attack J♥, value +0.600>")
    for ans in (full, seat):
        html = ans._repr_html_()
        assert html == "<pre>" + ans.text().replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;") \
            .replace('"', "&quot;").replace("'", "&#x27;") + "</pre>"
        assert str(ans) == ans.text()
    worlds = foolsolve.load(EXAMPLES / "views" / "durak-fresh-deal.json").worlds()
    assert repr(worlds) == "<Worlds durak from player 0's view>"
    worlds.count()
    assert repr(worlds) == "<Worlds durak from player 0's view: 4,578,392,164,456,529,362,944,000,000 consistent worlds>"
    assert repr(worlds.view) == "<View durak: player 0's view, 29 unseen cards; hidden: hands[1], stock>"


def test_a_solve_result_and_a_seat_answer_read_back_from_their_json():
    full = foolsolve.answer(EXAMPLES / "durak-endgame.json")
    obj = json.loads(json.dumps(full.to_json()))
    back = foolsolve.Solved.from_json(obj, EXAMPLES / "durak-endgame.json")
    assert back.to_json() == untimed(full.to_json()) | {"seconds": back.seconds}
    assert untimed(back.text()) == untimed(full.text())
    alone = foolsolve.Solved.from_json(obj)  # without its position: the text says less
    assert alone.to_json() == back.to_json() and alone.text().startswith("Durak: player 0 to move. Value: loss in 8")
    assert "    1. attack K♥" in alone.text()
    for kwargs in ({"method": "ismcts", "samples": 30}, {"samples": 4, "seed": 3}):
        seat = foolsolve.answer(EXAMPLES / "views" / "durak-fresh-deal.json", **kwargs)
        again = foolsolve.SeatAnswer.from_json(json.loads(json.dumps(seat.to_json())))
        assert again.to_json() == seat.to_json() and untimed(again.text()) == untimed(seat.text())


def _seat_json():
    return foolsolve.answer(EXAMPLES / "views" / "durak-fresh-deal.json", samples=3).to_json()


@pytest.mark.parametrize("change,needle", [
    (lambda o: o.pop("moves"), 'seat answer: "moves" is a required property'),
    (lambda o: o["moves"].__setitem__(0, {"move": 1}), "moves[0]"),
    (lambda o: o.__setitem__("worlds", "5"), "worlds"),
    (lambda o: o.__setitem__("extra", 1), "extra"),
    (lambda o: o.__setitem__("method", "guess"), "method"),
    # what the schema cannot say: finite numbers, ordered intervals on the game's scale, best among the moves
    (lambda o: o["moves"][0].__setitem__("mean", float("nan")), "moves[0].mean: NaN is not a finite number"),
    (lambda o: o.__setitem__("seconds", float("inf")), "seconds: Infinity is not a finite number"),
    (lambda o: o["moves"][0].update(low=0.5, mean=1.0, high=-0.5), "moves[0]: low 0.5, mean 1.0, high -0.5 are not in order"),
    (lambda o: o["moves"][0].update(mean=5.0, high=6.0), "moves[0].mean: 5 is outside durak's payoffs (-1 to 1)"),
    (lambda o: o["value"].update(mean=-3.0, low=-4.0), "value.mean: -3 is outside durak's payoffs"),
    (lambda o: o.__setitem__("best", ["banana"]), "best[0]: \"banana\" is not among the answer's moves"),
    (lambda o: o.__setitem__("player", 10**20), "player: 100000000000000000000 is no player of durak"),
    (lambda o: o.__setitem__("to_move", 9), "to_move: 9 is no player of durak"),
    (lambda o: o["moves"].append(dict(o["moves"][0])), 'the move "attack 7♣" is listed twice'),
    (lambda o: o.__setitem__("worlds_exact", 4), "worlds_exact: 4, more than the 3 worlds valued"),
    (lambda o: o.__setitem__("to_move", 1), "moves: player 0 is not to move (to_move 1)"),
    # an exact expectation is over every consistent world: one cut short is a sample (method pimc)
    (lambda o: o.update(method="exact", worlds_exact=3, consistent_worlds=20),
     "method: exact is over every consistent world, and 3 of the 20 were valued"),
])
def test_a_malformed_seat_answer_is_an_input_error(change, needle):
    obj = _seat_json()
    change(obj)
    with pytest.raises(InputError) as exc:
        foolsolve.SeatAnswer.from_json(obj)
    assert needle in str(exc.value)
    with pytest.raises(InputError, match="not an object"):
        foolsolve.SeatAnswer.from_json([obj])


@pytest.mark.parametrize("change,needle", [
    (lambda o: o.pop("best"), 'result: "best" is a required property'),
    (lambda o: o["moves"].__setitem__(0, "attack 9D"), "moves[0]"),
    (lambda o: o.__setitem__("to_move", "0"), "to_move"),
    # named in a solve result only where the value is another player's than the player to move's
    (lambda o: o.__setitem__("player", 0), "player: 0, the player to move"),
    (lambda o: o.__setitem__("seconds", float("nan")), "seconds: NaN is not a finite number"),
    (lambda o: o.__setitem__("to_move", 9), "to_move: 9 is no player of durak"),
    (lambda o: o.__setitem__("best", ["take"]), "best[0]: \"take\" is not among the result's moves"),
    (lambda o: o.__setitem__("best", o["best"] * 2), 'best[1]: the move "attack K♥" is listed twice'),
    (lambda o: o["moves"].append(dict(o["moves"][0])), 'moves[3]: the move "attack 9♦" is listed twice'),
    (lambda o: o.__setitem__("best", ["attack 9♦"]) or o["moves"][0].__setitem__("value", "win"),
     'best[0]: "attack 9♦" has the value "win", not the result\'s "loss"'),
])
def test_a_malformed_solve_result_is_an_input_error(change, needle):
    obj = foolsolve.answer(EXAMPLES / "durak-endgame.json").to_json()
    change(obj)
    with pytest.raises(InputError) as exc:
        foolsolve.Solved.from_json(obj)
    assert needle in str(exc.value)


@pytest.mark.parametrize("change,needle", [
    (lambda o: o["moves"][0].__setitem__("move", "attack A♠"), 'moves[0].move: "attack A♠" is no legal move in the '
                                                               "position"),
    (lambda o: o.__setitem__("to_move", 1), "to_move: 1, and in the position player 0 is to move"),
    (lambda o: o.__setitem__("pv", ["take"]), "result: not an answer to the position: its line starts with"),
])
def test_a_solve_result_that_does_not_answer_its_position_is_an_input_error(change, needle):
    obj = foolsolve.answer(EXAMPLES / "durak-endgame.json").to_json()
    change(obj)
    foolsolve.Solved.from_json(obj)  # without the position, nothing says it does not fit
    with pytest.raises(InputError) as exc:
        foolsolve.Solved.from_json(obj, EXAMPLES / "durak-endgame.json")
    assert needle in str(exc.value)


def test_a_seat_answer_that_does_not_answer_its_position_is_an_input_error():
    obj = _seat_json()
    view = EXAMPLES / "views" / "durak-fresh-deal.json"
    with pytest.raises(InputError, match=r"^player: 0, and the position is player 1's view$"):
        foolsolve.SeatAnswer.from_json(obj, EXAMPLES / "views" / "durak-three-players.json")
    with pytest.raises(InputError, match=r"^position: a foolery position, and the answer is of durak$"):
        foolsolve.SeatAnswer.from_json(obj, EXAMPLES / "foolery-endgame.json")
    obj["moves"][0]["move"] = obj["best"][0] = "attack A♠"
    with pytest.raises(InputError, match=r'^moves\[0\]\.move: "attack A♠" is no legal move in the position$'):
        foolsolve.SeatAnswer.from_json(obj, view)


def test_a_seat_answers_means_are_checked_against_its_positions_payoffs():
    """With its position, a seat answer's means were checked against the game's payoffs over every
    player count and rule (Foolery: -3 to 3), not the position's (four players, titles: -2 to 2):
    a mean of 2.5 read back. Now the position's range (SpecGame.payoff_range, the range the
    analysis cuts its intervals to); without a position, the game's as before."""
    view = EXAMPLES / "views" / "foolery.json"
    obj = foolsolve.answer(view, samples=3).to_json()
    foolsolve.SeatAnswer.from_json(obj, view)
    obj["moves"][0].update(mean=2.5, low=2.5, high=2.5)
    foolsolve.SeatAnswer.from_json(obj)  # inside foolery's payoffs for some table
    with pytest.raises(InputError, match=r"^moves\[0\]\.mean: 2\.5 is outside the position's payoffs \(-2 to 2\)$"):
        foolsolve.SeatAnswer.from_json(obj, view)
    obj["moves"][0].update(mean=3.5, low=3.5, high=3.5)
    with pytest.raises(InputError, match=r"^moves\[0\]\.mean: 3\.5 is outside foolery's payoffs \(-3 to 3\)$"):
        foolsolve.SeatAnswer.from_json(obj)


def test_a_result_read_back_with_another_games_position_is_refused():
    obj = foolsolve.answer(EXAMPLES / "durak-endgame.json").to_json()
    with pytest.raises(InputError, match=r"^position: a fools-paradise position, and the result is of durak$"):
        foolsolve.Solved.from_json(obj, EXAMPLES / "fools-paradise-endgame.json")


# --- the package's names ----------------------------------------------------------------------


def test_the_public_names_are_listed_and_found():
    names = set(foolsolve.__all__)
    assert names == {"__version__", *foolsolve._LAZY}
    assert {"answer", "answer_text", "load", "Position", "Solved", "SeatAnswer", "View", "Worlds", "games",
            "InputError", "PositionError", "OptionError", "IllegalMove", "NotCovered", "SearchLimit"} <= names
    assert names <= set(dir(foolsolve))
    assert "TYPE_CHECKING" not in dir(foolsolve) and "annotations" not in dir(foolsolve)
    from foolsolve.game import IllegalMove
    from foolsolve.solver.base import NotCovered

    assert foolsolve.IllegalMove is IllegalMove and foolsolve.NotCovered is NotCovered
    assert foolsolve.games.get("durak").name == "durak" and issubclass(foolsolve.NotCovered, foolsolve.InputError)
    with pytest.raises(AttributeError):
        foolsolve.no_such_name  # noqa: B018


def test_what_a_type_checker_sees_is_what_is_imported():
    """The names under ``if TYPE_CHECKING:`` in foolsolve/__init__.py are the lazy names, from the
    same modules (an editor's completion and mypy see what run time gives)."""
    text = (Path(foolsolve.__file__)).read_text(encoding="utf-8")
    block = text.split("if TYPE_CHECKING:", 1)[1].split("\n\n\n", 1)[0]
    seen = {}
    for module, names in re.findall(r"from (\S+) import ([\w, ]+)", block):
        for name in names.split(","):
            seen[name.strip()] = module
    seen.pop("Any")
    lazy = foolsolve._LAZY
    assert set(seen) == set(lazy)
    for name, module in seen.items():
        target = lazy[name].rstrip(":")
        assert target in (f"{module}:{name}", f"{module}.{name}"), name


def test_import_foolsolve_imports_nothing_more():
    code = "import sys; before = set(sys.modules); import foolsolve; print(sorted(set(sys.modules) - before))"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout.replace("'", '"')) == ["foolsolve"]


def test_a_file_name_that_is_not_valid_text_says_so():
    """``foolsolve.load("a\\ud800b")`` said 'a file name cannot hold a NUL character': a lone
    surrogate is no NUL; the name is not valid text."""
    with pytest.raises(InputError, match="not valid text: it holds a lone surrogate") as info:
        foolsolve.load("a\ud800b")
    assert "NUL" not in str(info.value)
    with pytest.raises(InputError, match="cannot hold a NUL character"):
        foolsolve.load("a\x00b")


def test_a_finished_games_answer_must_be_the_result_its_position_fixes(tmp_path):
    """A game over's answer is read off the rules: one whose value, result or player contradicts the
    position it is read back with was accepted."""
    over = finished_file(tmp_path)
    good = json.loads(json.dumps(foolsolve.answer(over).to_json()))
    foolsolve.Solved.from_json(good, over)
    seat = json.loads(json.dumps(foolsolve.answer(over, as_player=0).to_json()))
    foolsolve.Solved.from_json(seat, over)
    wrong = [dict(good, value="loss"), dict(good, value="draw"), dict(seat, value="win"),
             dict(good, player=0, value="win", notes=[])]
    wrong.append(dict(seat, result=dict(seat["result"], payoffs=list(reversed(seat["result"]["payoffs"])))))
    wrong.append(dict(seat, result=dict(seat["result"], label="fool: player 1")))
    for obj in wrong:
        with pytest.raises(InputError, match=r"^result: not the answer to this finished game"):
            foolsolve.Solved.from_json(obj, over)
        foolsolve.Solved.from_json(obj)  # without its position, nothing says it does not fit


def test_round_odds_from_one_players_view_do_not_read_back_with_anothers(tmp_path):
    """answer() of player 1's view is a SeatAnswer (a follower has no round odds of her own): the
    leader's round odds were accepted with it."""
    odds = json.loads(json.dumps(foolsolve.answer(EXAMPLES / "views" / "three-fools.json").to_json()))
    view1 = tmp_path / "tfv1.json"
    subprocess.run([sys.executable, "-m", "foolsolve", "view", str(EXAMPLES / "three-fools-first-round.json"), "--as",
                    "1", "--out", str(view1)], check=True, capture_output=True, timeout=120)
    assert not isinstance(foolsolve.answer(view1, samples=2), foolsolve.Solved)
    with pytest.raises(InputError, match=r"^position: "):
        foolsolve.Solved.from_json(odds, view1)
    foolsolve.Solved.from_json(odds, EXAMPLES / "views" / "three-fools.json")


def test_the_parameters_names_never_rewrite_the_users_own_text(tmp_path):
    """Only an option the message names itself becomes the parameter's name: a file name, a solver
    option's key or a quoted text that reads like an option stays as the user wrote it."""
    with pytest.raises(InputError, match=r"^options --seed: unknown Durak option"):
        foolsolve.answer(EXAMPLES / "durak-endgame.json", options={"--seed": 1})
    with pytest.raises(InputError, match=r"^options '--as=1': an answer from one seat"):
        foolsolve.answer(EXAMPLES / "views" / "durak-fresh-deal.json", options={"--as": 1}, samples=2)
    store = tmp_path / "--time"
    store.mkdir()
    with pytest.raises(InputError) as caught:
        foolsolve.answer(EXAMPLES / "durak-endgame.json", store=store)
    assert "--time" in str(caught.value) and "time_limit" not in str(caught.value) and " time" not in str(caught.value)


def test_a_users_text_that_reads_like_an_option_is_never_renamed(tmp_path, monkeypatch):
    """Each message names an option as the caller calls it where it is written, so the user's own
    text in it, unquoted and nested anywhere (a seat's key inside a solver option's value, a file
    that is also the one an option names), is never taken for an option and renamed; and the
    message's own option is renamed even where the user's text is the option's name."""
    odds = EXAMPLES / "three-fools-first-round.json"
    with pytest.raises(InputError, match=r"^options strategies\. --time: not a seat \(0, 1 or 2\)$"):
        foolsolve.answer(odds, options={"strategies": {" --time": "uniform"}})
    with pytest.raises(InputError, match=r"^options leader_strategy\.keep; lead --time: a choice is written "):
        foolsolve.answer(odds, options={"leader_strategy": {"keep; lead --time": 1}})
    from foolsolve import arena, batch

    monkeypatch.chdir(tmp_path)
    (tmp_path / "--out").write_text("{}\n")
    records = []
    batch.run([(1, "--out", None)], lambda rec, _: records.append(rec), batch.Settings(out="--out"))
    assert records[0]["error"] == "line 1: --out is the Settings.out file of this batch"
    match = arena.Match(game="durak", rules={}, players=2, bots=("random", "greedy"), deals=1, seed=0)
    with pytest.raises(InputError, match=r"^out: --out is not an arena record file"):
        arena.run(match, "--out")


def test_huge_and_numpy_numbers_as_parameters():
    """A number too large for a float or too long to print is a one-line error naming the
    parameter; a NumPy integer stands for the number it holds."""
    with pytest.raises(InputError, match=r"^time: a whole number of more than 300 digits of seconds is more than a year"):
        foolsolve.answer(EXAMPLES / "durak-endgame.json", time=10**400)
    with pytest.raises(InputError, match=r"^options x: .* got a whole number of more than 300 digits$"):
        foolsolve.answer(EXAMPLES / "durak-endgame.json", options={"x": 10**5000})
    with pytest.raises(InputError, match=r"^seed: expected a whole number, got 1.5$"):
        foolsolve.answer(EXAMPLES / "durak-endgame.json", seed=1.5)
    from foolsolve import arena, batch, games

    huge = 10**5000  # a repr of it raises ValueError: every message that quotes a value says it in words
    for call in (lambda: foolsolve.answer(EXAMPLES / "durak-endgame.json", method=huge),
                 lambda: foolsolve.answer(EXAMPLES / "durak-endgame.json", options={huge: 1}),
                 lambda: foolsolve.answer(EXAMPLES / "durak-endgame.json", scheduler=huge),
                 lambda: foolsolve.answer(EXAMPLES / "durak-endgame.json", open_hand=huge),
                 lambda: foolsolve.answer(EXAMPLES / "durak-endgame.json", progress=huge),
                 lambda: batch.Settings(method=huge), lambda: batch.Settings(out=huge),
                 lambda: arena.Match("durak", {}, 2, huge, 1, 0), lambda: games.get(huge)):
        with pytest.raises(InputError, match=r"got a whole number of more than 300 digits$"):
            call()
    np = pytest.importorskip("numpy")
    got = foolsolve.answer(EXAMPLES / "durak-endgame.json", max_nodes=np.int64(10**6), time=np.int64(20))
    plain = foolsolve.answer(EXAMPLES / "durak-endgame.json", max_nodes=10**6, time=20)
    assert got.to_json()["moves"] == plain.to_json()["moves"]


def test_an_options_error_and_a_node_bounds_error_name_the_parameter():
    """From Python an -o option's own error names ``options`` as a view's does, and no open-hand
    answer within the nodes given names ``max_nodes``."""
    from foolsolve import batch

    with pytest.raises(InputError, match=r'^options moves: expected true or false, got "x"$'):
        foolsolve.answer(EXAMPLES / "durak-endgame.json", options={"moves": "x"})
    stopped = (r"^max_nodes: no open-hand answer within 1 node \(the exact solver did not finish within 1 node "
               r"\(max_nodes 2\)\)$")
    with pytest.raises(InputError, match=stopped):
        foolsolve.answer(EXAMPLES / "durak-endgame.json", max_nodes=2, time=5)
    records: list = []
    batch.run([(1, json.dumps(str(EXAMPLES / "durak-endgame.json")), None)], lambda rec, job: records.append(rec),
              batch.Settings(extra={"moves": "x"}))
    assert records[0]["error"] == 'Settings.extra moves: expected true or false, got "x"'


def test_polish_of_python_errors_empty_name_empty_move_and_move_text():
    for name, said in [("", "position: empty file name"), ("   ", "position: empty file name (white space only)")]:
        with pytest.raises(InputError, match=rf"^{re.escape(said)}$"):
            foolsolve.load(name)
    pos = foolsolve.load(EXAMPLES / "durak-midbout.json")
    with pytest.raises(InputError, match=r"^move '': empty text; legal moves: "):
        pos.why("")
    spec = pos.spec
    with pytest.raises(InputError, match=r"^move: expected one of the game's moves .*, got None$"):
        spec.move_text(None, ascii=True)
    move = spec.legal_moves(pos.state)[0]
    with pytest.raises(InputError, match=r"^ascii: expected True or False, got 'yes'$"):
        spec.move_text(move, ascii="yes")
    assert spec.move_text(move, ascii=True) == "cover 8D with 9D"


def test_answers_time_counts_from_the_call(monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/python.md: ``time`` bounds the whole call. Its clock began where the search began, after
    the position was read and the modules that answer it were imported (0.5 s and more of a first
    call: a Foolery answer with time=2 took 2.6 s); it begins at the call, before the position is
    read."""
    import time

    from foolsolve import api
    from foolsolve.solver import open_hand

    class Reached(Exception):
        pass

    seen: dict[str, float | None] = {}
    real_read = api.read_position

    def read(position: object) -> object:
        seen["read"] = time.perf_counter()
        return real_read(position)

    def solve_or_answer(*args: object, started: float | None = None, **kwargs: object) -> None:
        seen["started"] = started
        raise Reached

    monkeypatch.setattr(api, "read_position", read)
    monkeypatch.setattr(open_hand, "solve_or_answer", solve_or_answer)
    with pytest.raises(Reached):
        foolsolve.answer(EXAMPLES / "durak-endgame.json", time=5)
    started = seen["started"]
    assert started is not None and started <= seen["read"]


def test_the_commands_time_counts_from_its_options(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
                                                   ) -> None:
    """The command's --time counts from where it has read its options, not from where the search
    begins (reading the position and importing what answers it count in it)."""
    import time

    from foolsolve.solver import open_hand

    seen: list[float | None] = []

    def solve_or_answer(*args: object, started: float | None = None, **kwargs: object) -> None:
        seen.append(started)
        raise InputError("stand-in: no answer")

    monkeypatch.setattr(open_hand, "solve_or_answer", solve_or_answer)
    before = time.perf_counter()
    code, _, err = run([str(EXAMPLES / "durak-endgame.json"), "--time", "5"], capsys)
    assert code == 2 and "stand-in: no answer" in err
    assert len(seen) == 1 and seen[0] is not None and before <= seen[0] <= time.perf_counter()


def test_a_solved_answer_reads_onto_the_seat_scale_for_a_named_player() -> None:
    """One game, two scales: a full Fool's Paradise position's value is a score difference, a seat
    answer's numbers that player's final score; Durak's value a word. Solved.payoff(player) is the
    seat scale's number (docs/python.md, "One scale for every answer"); value keeps its meaning."""
    durak = foolsolve.answer(EXAMPLES / "durak-endgame.json")
    assert durak.value == "loss" and durak.to_move == 0
    assert (durak.payoff(), durak.payoff(0), durak.payoff(1)) == (-1.0, -1.0, 1.0)
    fp = foolsolve.answer(EXAMPLES / "fools-paradise-endgame.json", time=0)
    assert fp.value_kind == "score" and fp.value == -43  # the score difference, as before
    scores = [float(x) for x in fp.result["payoffs"]]
    assert [fp.payoff(p) for p in range(2)] == scores and fp.payoff() == scores[fp.to_move]
    place = foolsolve.answer(EXAMPLES / "foolery-endgame.json", options={"goal": "place", "player": 2}, time=0)
    assert place.value_kind == "payoff" and place.to_move != 2
    assert place.payoff() == place.payoff(2) == float(place.value) and place.payoff(place.to_move) is None
    odds = foolsolve.answer(EXAMPLES / "three-fools-first-round.json")
    assert odds.value_kind == "odds" and odds.payoff() is None  # a round's odds, not the game's payoff
    with pytest.raises(InputError, match=r"^player: expected a player of this position \(0\.\.1\), got 2$"):
        durak.payoff(2)


@pytest.mark.parametrize("text, kind", [("[1, 2]", "a list"), ("42", "a number"), ("null", "null"), ('"x"', "a string")])
def test_json_text_of_no_object_is_said_so(text: str, kind: str) -> None:
    """foolsolve.load('[1,2]') was read as a file name ('[1,2]: cannot read (No such file or
    directory)'): JSON text other than an object, naming no file, is an error saying what it is."""
    with pytest.raises(InputError, match=rf"^position: JSON text of {kind}, not of an object"):
        foolsolve.load(text)
    with pytest.raises(InputError, match=rf"^position: JSON text of {kind}, not of an object"):
        foolsolve.answer(text)


def test_json_text_and_files_starting_with_a_byte_order_mark_load_as_the_command_line_reads_them(tmp_path):
    """A leading UTF-8 byte order mark is skipped before JSON text, as at the start of a file."""
    text = (EXAMPLES / "durak-endgame.json").read_text(encoding="utf-8")
    plain = foolsolve.load(text)
    path = tmp_path / "bom.json"
    path.write_text(text, encoding="utf-8-sig")
    for given in ("\ufeff" + text, "\ufeff \n" + text, str(path)):
        assert foolsolve.load(given).state == plain.state, given[:5]
    assert foolsolve.answer("\ufeff" + text).same_answer(foolsolve.answer(text))
    with pytest.raises(InputError, match=r"^position: JSON text of a list"):
        foolsolve.load("\ufeff[1, 2]")
    with pytest.raises(InputError, match=r"^position: text starting with a byte order mark, and no JSON object"):
        foolsolve.load("\ufeffnot json")


def test_an_answer_for_another_player_names_her_in_its_player_field(tmp_path) -> None:
    """The open-hand search and Foolery's paranoid search for ``-o player=P`` (P not to move) set
    ``player`` (JSON ``"player"``), which Solved.payoff reads: not the notes' words, which may say
    anything; a stored answer keeps it."""
    from dataclasses import replace
    from fractions import Fraction

    five = EXAMPLES / "foolery-five-of-a-kind.json"
    open_hand = foolsolve.answer(EXAMPLES / "durak-midbout.json", open_hand=True, max_nodes=1000,
                                 options={"player": 0})
    assert open_hand.to_move == 1 and open_hand.player == 0 and open_hand.to_json()["player"] == 0
    store = tmp_path / "store.sqlite3"
    place = foolsolve.answer(five, options={"goal": "place", "player": 2}, time=0, store=store)
    assert place.to_move != 2 and place.player == 2 and place.to_json()["player"] == 2
    for solved in (open_hand, place):
        silent = foolsolve.Solved.of(replace(solved, notes=[]), solved.state)  # no note names the player
        assert silent.payoff() == silent.payoff(solved.player) == float(Fraction(solved.value))
        assert silent.payoff(solved.to_move) is None
    mover = foolsolve.answer(five, options={"goal": "place", "player": 1}, time=0, store=False)
    assert mover.to_move == 1 and mover.player is None and "player" not in mover.to_json()  # the mover's own
    again = foolsolve.answer(five, options={"goal": "place", "player": 2}, time=0, store=store)
    assert not place.stored and again.stored and again.player == 2 and again.payoff() == place.payoff()


_DURAK = {"game": "durak", "trump": "S", "hands": [["6H", "9D"], ["7H"]], "stock": [], "attacker": 0, "defender": 1}


@pytest.mark.parametrize("change, said", [
    ({"hands": [{"6H", "9D"}, ["7H"]]}, r"hands[0]: a set ({'"),
    ({"hands": [[b"6H", "9D"], ["7H"]]}, "hands[0][0]: a bytes (b'6H'), which is no JSON value"),
    ({"hands": [("6H", "9D"), ["7H"]]}, "hands[0]: a tuple (('6H', '9D')), which is no JSON value"),
    ({"rules": {1: "podkidnoy"}}, "rules: a key that is no string, an int (1)"),
    ({"attacker": 10**5000}, "attacker: a whole number of more than 300 digits, more than any position holds"),
    ({"attacker": -(10**400)}, "attacker: a whole number of more than 300 digits"),
])
def test_a_dict_holding_what_json_cannot_hold_is_a_one_line_input_error(change, said) -> None:
    # a Python caller's dict: a value JSON has no type for, or a number Python cannot print, is named at its path
    # (neither json.dumps' TypeError nor int's 4,300-digit ValueError)
    for call in (foolsolve.load, foolsolve.answer):
        with pytest.raises(InputError) as err:
            call({**_DURAK, **change})
        assert str(err.value).startswith(said) and "\n" not in str(err.value), str(err.value)


def test_an_answers_repr_names_the_player_its_value_is_for() -> None:
    """``repr`` of a Solved names :attr:`Solved.player` where the value is another's than the
    mover's (the text's "Value for player P"), and a SeatAnswer's its seat, whose value it is."""
    over = foolsolve.load(EXAMPLES / "durak-endgame.json").play(
        "attack K♥", "take", "attack 9♦", "cover 9♦ with A♦", "attack 7♥", "take", "attack K♥", "take")
    finished = foolsolve.answer(over, as_player=0)
    assert isinstance(finished, foolsolve.Solved) and finished.player == 0 and finished.to_move == 1
    assert repr(finished) == "<Solved durak: value loss for player 0, best none>"
    assert "Value for player 0: loss" in finished.text()
    open_hand = foolsolve.answer(EXAMPLES / "durak-midbout.json", open_hand=True, max_nodes=1000, options={"player": 2})
    assert open_hand.player == 2 and open_hand.to_move == 1
    assert repr(open_hand).startswith("<Solved durak: estimate ") and " for player 2, best " in repr(open_hand)
    assert "Value for player 2: " in open_hand.text()
    seat = foolsolve.answer(EXAMPLES / "durak-midbout.json", as_player=0, samples=1, seed=0, max_nodes=100)
    assert isinstance(seat, foolsolve.SeatAnswer) and seat.player == 0  # player 1 is to move
    assert repr(seat).startswith("<SeatAnswer durak, player 0's seat, ") and "Value for player 0: " in seat.text()


def test_a_chance_nodes_worlds_default_to_player_0s_view() -> None:
    """docs/python.md: ``pos.worlds()`` defaults to the player to move, player 0 at a chance node,
    the seat ``answer`` answers such a position from."""
    deal = foolsolve.load(EXAMPLES / "three-fools-deal.json")
    assert deal.to_move == CHANCE
    assert deal.worlds().view.player == 0 and deal.worlds().view.obj == deal.worlds(0).view.obj
    assert deal.worlds(1).view.player == 1


def test_a_finished_games_worlds_need_a_seat() -> None:
    """A finished game has nobody to move: ``pos.worlds()`` asks for the seat in one line
    (not the last mover's seat, which the position file keeps); ``pos.worlds(P)`` gives P's."""
    import random

    pos = foolsolve.load(EXAMPLES / "durak-endgame.json")
    rng = random.Random(1)
    while pos.result() is None:
        pos = pos.play(rng.choice(pos.moves()))
    with pytest.raises(foolsolve.InputError, match=r"^player: the game is over, so nobody is to move: name the seat"):
        pos.worlds()
    assert pos.worlds(0).view.player == 0 and pos.worlds(1).view.player == 1


def test_a_finished_foolery_rounds_answer_is_over_and_reads_onto_the_seat_scale() -> None:
    """docs/python.md's value table: a finished Foolery round's value is ``"over"`` (``outcome``),
    its payoff each player's title payoff in the round's result."""
    import random
    from fractions import Fraction

    pos = foolsolve.load(EXAMPLES / "foolery-endgame.json")
    rng = random.Random(1)
    while pos.result() is None:
        pos = pos.play(rng.choice(pos.moves()))
    ans = foolsolve.answer(pos)
    assert isinstance(ans, foolsolve.Solved) and ans.value == "over" and ans.value_kind == "outcome"
    result = pos.result()
    assert result is not None
    assert [ans.payoff(p) for p in range(len(result.payoffs))] == [float(Fraction(x)) for x in result.payoffs]


def test_a_views_json_is_the_view_as_read_and_reads_back_the_same() -> None:
    """A view has no standard form (docs/python.md): ``to_json`` is the view as read, written as its
    file writes it but for what the game writes one way (Fools and Angels' put-away cards left out of
    ``discard``), and loads back as the same view."""
    paths = sorted((EXAMPLES / "views").glob("*.json"))
    assert len(paths) >= 5
    for path in paths:  # every game's bundled view
        view = foolsolve.load(path)
        assert view.view is not None and view.to_json() == view.view.obj
        again = foolsolve.load(view.to_json())
        assert again.view is not None and again.view.obj == view.view.obj and again.to_json() == view.to_json()
