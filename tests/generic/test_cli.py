"""The CLI: commands listed, bad input as one line with exit 2 (never a traceback), no
partial output files."""

import json
from pathlib import Path

import pytest

from foolsolve import games
from foolsolve.cli import cli, main

EXPECTED_COMMANDS = {"solve", "conform", "perft", "rules", "prove", "deal", "moves", "play", "show", "games"}

EXAMPLES = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"


def run(argv, capsys):
    with pytest.raises(SystemExit) as exc:
        main(argv)
        raise SystemExit(0)
    out = capsys.readouterr()
    return exc.value.code, out.out, out.err


def assert_one_line_error(code, err, *needles):
    """Exit 2 and one line on stderr: ``foolsolve: error: ...``, or with ``--json`` one JSON object
    ``{"error": ..., "kind": "input", "exit_code": 2}``."""
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    line = lines[0]
    if line.startswith("{"):
        obj = json.loads(line)
        assert obj["kind"] == "input" and obj["exit_code"] == 2
        line = obj["error"]
    else:
        assert line.startswith("foolsolve: error: ")
    assert "Traceback" not in err
    for n in needles:
        assert n in line


def test_help_lists_every_command(capsys):
    code, out, _ = run(["--help"], capsys)
    assert code == 0
    for name in EXPECTED_COMMANDS | set(cli.commands):
        assert f"  {name}" in out


def test_missing_file(tmp_path, capsys):
    code, _, err = run([str(tmp_path / "nope.json")], capsys)
    assert_one_line_error(code, err, "cannot read")


def test_malformed_json(tmp_path, capsys):
    p = tmp_path / "bad.json"
    p.write_text('{"game": "durak", "hands": [')
    code, _, err = run([str(p), "--json"], capsys)
    assert_one_line_error(code, err, "malformed JSON")


def test_unknown_game(tmp_path, capsys):
    p = tmp_path / "chess.json"
    p.write_text(json.dumps({"game": "chess"}))
    code, _, err = run([str(p)], capsys)
    assert_one_line_error(code, err, "game", "chess")


def test_position_must_be_an_object(tmp_path, capsys):
    p = tmp_path / "list.json"
    p.write_text("[1, 2]")
    code, _, err = run(["show", str(p)], capsys)
    assert_one_line_error(code, err, "expected a JSON object")


@pytest.mark.parametrize("name", games.names())
def test_unknown_rule_option_names_it(name, tmp_path, capsys):
    code, _, err = run(["deal", name, "--rules", '{"no_such_option": 1}', "--out", str(tmp_path / "x.json")], capsys)
    assert_one_line_error(code, err, "no_such_option")
    assert not (tmp_path / "x.json").exists()


@pytest.mark.parametrize("name", games.names())
def test_deal_round_trips_through_show_and_moves(name, tmp_path, capsys):
    out = tmp_path / "deal.json"
    code, _, _ = run(["deal", name, "--seed", "3", "--out", str(out)], capsys)
    assert code == 0 and out.exists()
    code, text, _ = run(["moves", str(out), "--json"], capsys)
    assert code == 0 and json.loads(text)


def test_every_command_writing_its_output_with_out_says_wrote(tmp_path, capsys):
    """``deal --out F`` printed nothing where ``view --out F`` printed ``wrote F``: each command
    whose --out takes its output says it alike on standard output, and nothing for ``--out -``;
    ``play --json`` keeps standard output for the position alone."""
    pos = str(EXAMPLES / "durak-endgame.json")
    store = tmp_path / "store.sqlite3"
    assert run([pos, "--store", str(store)], capsys)[0] == 0
    for argv in (["deal", "durak", "--seed", "3"], ["view", pos, "--as", "0"], ["play", pos, "attack 6H"],
                 ["store", "export", "--store", str(store)]):
        out = tmp_path / f"{argv[0]}.json"
        code, text, err = run([*argv, "--out", str(out)], capsys)
        assert code == 0 and text == f"wrote {out}\n" and out.read_text(), (argv, err)
        code, text, err = run([*argv, "--out", "-"], capsys)
        assert code == 0 and "wrote" not in text and text.strip() == out.read_text().strip(), (argv, err)
    code, text, _ = run(["play", pos, "attack 6H", "--json", "--out", str(tmp_path / "p.json")], capsys)
    assert code == 0 and json.loads(text) == json.loads((tmp_path / "p.json").read_text())


@pytest.mark.parametrize("name", games.names())
def test_rules_listing_has_sources(name, capsys):
    code, out, _ = run(["rules", name], capsys)
    assert code == 0 and "source:" in out
    code, out, _ = run(["rules", name, "--json"], capsys)
    assert code == 0
    assert all(o["source"] and o["doc"] for o in json.loads(out))


def test_bad_extra_option(tmp_path, capsys):
    p = tmp_path / "x.json"
    p.write_text(json.dumps({"game": "chess"}))
    code, _, err = run(["solve", str(p), "-o", "noequals"], capsys)
    assert code == 2 and "Traceback" not in err


@pytest.mark.parametrize("example, known", [("durak-endgame.json", "reductions"),
                                            ("fools-paradise-endgame.json", "stock_order_known"),
                                            ("fools-and-angels-endgame.json", "stock_order_known")])
def test_an_unknown_solver_option_is_a_one_line_error(capsys, example, known):
    path = str(EXAMPLES / example)
    code, out, err = run(["solve", path, "-o", "workres=2"], capsys)
    assert_one_line_error(code, err, "option workres", known)
    assert out == ""


@pytest.mark.parametrize("example, option, named", [
    ("durak-endgame.json", "pv=no", "option pv"),
    ("durak-endgame.json", "moves=yes", "option moves"),
    ("fools-paradise-endgame.json", "pv_limit=abc", "option pv_limit"),
    ("fools-paradise-endgame.json", "pv_limit=-1", "option pv_limit"),
    ("fools-paradise-endgame.json", "stock_order_known=1", "option stock_order_known"),
    ("fools-and-angels-endgame.json", "stock_order_known=no", "option stock_order_known")])
def test_a_solver_option_of_the_wrong_type_is_a_one_line_error(capsys, example, option, named):
    """``-o pv=no`` must not silently mean yes, nor ``-o pv_limit=abc`` crash."""
    path = str(EXAMPLES / example)
    code, out, err = run(["solve", path, "-o", option], capsys)
    assert_one_line_error(code, err, named)
    assert out == ""


def test_durak_value_only(capsys):
    """``-o moves=false``: the value for the side to move, and no move list, best moves or PV."""
    path = str(EXAMPLES / "durak-bonnet.json")
    code, out, _ = run(["solve", path, "--json"], capsys)
    full = json.loads(out)
    code2, out2, _ = run(["solve", path, "--json", "-o", "moves=false"], capsys)
    only = json.loads(out2)
    assert code == code2 == 0
    assert only["value"] == full["value"] == "win" and full["moves"]
    assert only["moves"] == only["best"] == only["pv"] == [] and only["value_only"] is True
    code3, out3, _ = run(["solve", path, "-o", "moves=false"], capsys)
    assert code3 == 0 and "Value: win" in out3 and "not searched (moves=false)" in out3


@pytest.mark.parametrize("name", [n for n in games.names() if not games.get(n).commands])
def test_a_game_name_with_no_commands_says_so_rather_than_no_such_file(name, capsys, tmp_path, monkeypatch):
    """``foolsolve durak`` (as one types ``foolsolve three-fools ...``) was 'durak: cannot read (No
    such file or directory)'; it says the game has no commands of its own and how to deal and solve
    a position. A file of that name is still solved."""
    monkeypatch.chdir(tmp_path)
    code, _, err = run([name], capsys)
    assert_one_line_error(code, err, name, "no commands of its own", f"foolsolve deal {name}")
    (tmp_path / name).write_text((EXAMPLES / "durak-endgame.json").read_text())
    code, out, err = run([name, "--no-store"], capsys)
    assert code == 0 and "loss" in out, err


def test_a_finished_games_value_names_whose_it_is(tmp_path, capsys):
    """After the last move the status line names the result ('fool: player 0'), not a player to move:
    the value (here player 1's, who went out) says whose it is, so 'Value: win' beside 'fool: player 0'
    cannot be read as the fool's. A live position keeps 'player 0 to move. Value: ...'."""
    from tests.durak.helpers import TO_THE_END

    end = tmp_path / "end.json"
    pos = str(EXAMPLES / "durak-endgame.json")
    code, _, err = run(["play", pos, *TO_THE_END, "--out", str(end)], capsys)
    assert code == 0, err
    code, out, err = run([str(end), "--no-store"], capsys)
    assert code == 0, err
    assert out.splitlines()[0] == "Durak: game over: fool: player 0. Value for player 1: win"
    code, out, err = run([pos, "--no-store"], capsys)
    assert out.splitlines()[0] == "Durak: player 0 to move. Value: loss in 8 moves"


def _commands(group, path=()):
    import click

    ctx = click.Context(group)
    for name in group.list_commands(ctx):
        cmd = group.get_command(ctx, name)
        if isinstance(cmd, click.Group):
            yield from _commands(cmd, (*path, name))
        else:
            yield (*path, name), cmd


def test_no_options_help_names_an_option_its_command_lacks():
    """An option's help that sends the reader to another option ('not with --scheduler') names one the
    same command takes: 'report --help' said --workers is 'not with --scheduler', which report lacks."""
    import re

    import click

    from foolsolve.cli import _register_game_commands

    _register_game_commands()  # (what main does: the commands of modules of their own)
    for path, cmd in _commands(cli):
        names = {opt for p in cmd.params if isinstance(p, click.Option) for opt in p.opts}
        for p in cmd.params:
            if isinstance(p, click.Option) and p.help:
                for named in re.findall(r"(?<![\w-])--[a-z][a-z-]*", p.help):
                    if named in ("--scheduler", "--workers"):
                        assert named in names, (" ".join(path), p.opts, named)


def test_every_option_of_every_command_has_help():
    """Every option of every command says in --help what it does (conform --seed, three-fools
    simulate --seed and perft --impl among them), not only its default."""
    import click

    from foolsolve.cli import _register_game_commands

    _register_game_commands()
    bare = [(" ".join(path), p.opts[0]) for path, cmd in _commands(cli) for p in cmd.params
            if isinstance(p, click.Option) and not p.hidden and not (p.help or "").strip()]
    assert bare == []


def _doc_units() -> list[str]:
    """The units of README.md and docs/*.md an option's mention is looked for in, each with its
    section's heading first: every table row alone, and the rest of each paragraph."""
    import re

    root = EXAMPLES.parents[1]
    units: list[str] = []
    for page in [root / "README.md", *sorted((root / "docs").glob("*.md"))]:
        for section in re.split(r"\n(?=#)", page.read_text(encoding="utf-8")):
            heading = section.split("\n", 1)[0] if section.startswith("#") else ""
            for paragraph in re.split(r"\n\s*\n", section):
                lines = paragraph.split("\n")
                units += [f"{heading}\n{line}" for line in lines if line.startswith("|")]
                units.append("\n".join([heading, *(line for line in lines if not line.startswith("|"))]))
    return units


def test_every_option_of_every_command_is_in_the_docs():
    """Every option that a command's --help lists is written in README.md or docs/ beside its
    command: in one table row, or one paragraph (or its section's heading) naming the command
    (``prove --list``, ``ambiguities --max-memory``, ``store clear --store`` among them)."""
    import re

    import click

    from foolsolve.cli import _register_game_commands

    _register_game_commands()
    units = _doc_units()
    missing = []
    for path, cmd in _commands(cli):
        command = re.compile(r"(?<![\w-])" + re.escape(" ".join(path)) + r"(?![\w-])")
        for p in cmd.params:
            if not isinstance(p, click.Option) or p.hidden or "--help" in p.opts:
                continue
            option = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, p.opts + p.secondary_opts)) + r")(?![\w-])")
            if not any(option.search(unit) and command.search(unit) for unit in units):
                missing.append((" ".join(path), p.opts[0]))
    assert missing == []


def test_the_docs_help_says_what_the_listing_shows(capsys):
    """'foolsolve docs --help' says what the listing gives: each page's name and title, then the
    folder the files are in."""
    from foolsolve.bundled import docs_command

    assert "name and title, then the folder" in " ".join((docs_command.help or "").split())
    code, out, _ = run(["docs"], capsys)
    assert code == 0 and out.splitlines()[-1].startswith("(foolsolve docs NAME prints one; the files are in ")


def test_a_long_error_is_cut_only_where_the_cut_is_shorter():
    """An error past ERROR_WIDTH is cut with a note of what is left out; a tail no longer than that
    note is printed instead ('play' on Three Fools once ended '(foolsolve why e... (8 more characters)')."""
    from foolsolve.cli import ERROR_WIDTH, one_line

    near = "x" * (ERROR_WIDTH + 8)
    assert one_line(near) == near
    far = "y" * (ERROR_WIDTH * 2)
    assert one_line(far) == "y" * ERROR_WIDTH + f"... ({ERROR_WIDTH} more characters)"


def test_time_zero_means_no_limit_wherever_time_is_taken(tmp_path, capsys):
    """'solve --time 0' is documented as no limit; batch, report and ambiguities took '--time 0' as an
    error ('0.0 is not in the range x>0'). Now 0 is no limit there too (batch's and ambiguities'
    default; report takes solve's default --time)."""
    pos = str(EXAMPLES / "durak-endgame.json")
    lines = tmp_path / "in.jsonl"
    lines.write_text(pos + "\n")
    code, out, err = run(["batch", str(lines), "--time", "0", "--no-store"], capsys)
    assert code == 0, err
    assert json.loads(out)["result"]["value"] == "loss"
    code, _, err = run(["report", pos, "--out", str(tmp_path / "r.html"), "--time", "0"], capsys)
    assert code == 0, err
    code, _, err = run(["batch", str(lines), "--time", "-1", "--no-store"], capsys)
    assert_one_line_error(code, err, "--time")


@pytest.mark.parametrize("argv", [["view", str(EXAMPLES / "durak-endgame.json"), "--as", "0", "--json"],
                                  ["show", str(EXAMPLES / "durak-endgame.json"), "--jsn"],
                                  ["--json"], ["store", "--json"]])
def test_an_unknown_json_option_is_a_plain_text_error(argv, capsys):
    """``--json`` on a command without it is a usage error in plain text, as ``--jsn`` is: an error
    is JSON only where the command has ``--json``."""
    code, _, err = run(argv, capsys)
    assert_one_line_error(code, err, "No such option")
    assert err.startswith("foolsolve: error: "), err


def test_a_command_with_json_keeps_its_json_errors(capsys):
    code, _, err = run(["moves", str(EXAMPLES / "durak-endgame.json"), "--json", "--bogus"], capsys)
    assert_one_line_error(code, err, "No such option '--bogus'")
    assert json.loads(err)["kind"] == "input"


def test_a_best_line_of_many_tied_moves_counts_them_instead_of_naming_every_one():
    """64 sampled defences of a big Fools and Angels hand, all winning, made a ``Best:`` line of 65
    moves (about 4,000 characters); past ten the line counts them and names the first three, the
    table above marking every one with ``*``; ten or fewer are named as before."""
    from foolsolve import games
    from foolsolve.cli import BEST_LISTED, format_result
    from foolsolve.solver.base import MoveValue, SolveResult

    info = games.get("durak")
    for n in (BEST_LISTED, BEST_LISTED + 55):
        names = [f"move {i}" for i in range(n)]
        result = SolveResult("durak", 0, 1, [MoveValue(m, 1) for m in names], [], 1, 0.0, best=names)
        best = [line for line in format_result(info, None, result).splitlines() if line.startswith("Best: ")]
        if n == BEST_LISTED:
            assert best == ["Best: " + ", ".join(names)]
        else:
            assert best == [f"Best: {n} moves of equal value, each marked * above (move 0, move 1, move 2, ...)"]


def test_on_a_narrow_terminal_the_answers_sentences_wrap_between_words_and_pipes_get_them_whole(monkeypatch):
    """At 60 columns a terminal broke the answer's 200-character ``Note:`` lines mid-word; on a
    terminal its unindented lines wrap between words to the width, later lines indented under the
    label's text, the tables as they were; a pipe or a file gets every line whole."""
    import io

    from foolsolve.textout import fit_terminal

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    text = ("Durak: player 0 to move\n  move       value\n  attack " + "K♥ " * 30 + " loss  *\n"
            "Note: " + " ".join(f"word{i}" for i in range(40)) + "\nBest: attack K♥")
    monkeypatch.setenv("COLUMNS", "60")
    monkeypatch.setenv("LINES", "24")
    fitted = fit_terminal(text, Terminal()).split("\n")
    assert fit_terminal(text, io.StringIO()) == text
    notes = [line for line in fitted if line.startswith("Note: ") or line.startswith("      word")]
    assert len(notes) > 1 and all(len(line) <= 60 for line in notes)
    assert notes[0].startswith("Note: word0") and all(line.startswith("      word") for line in notes[1:])
    assert " ".join(" ".join(line.split()) for line in notes) == "Note: " + " ".join(f"word{i}" for i in range(40))
    table = [line for line in fitted if line.startswith(("  move", "  attack"))]
    assert table == text.split("\n")[1:3]  # a table's rows are never wrapped
    assert fitted[0] == "Durak: player 0 to move" and fitted[-1] == "Best: attack K♥"
