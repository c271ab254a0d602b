"""View files and the worlds consistent with them (foolsolve/worlds.py, docs/views.md), for every
registered game: a sampled world viewed from the viewer's seat gives back her view; the sampler's
frequencies match the exhaustive list of worlds; a view with one world gives that world; bad view
files are one-line errors."""

import copy
import json
import random
import re
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy.stats import chisquare

from foolsolve import games
from foolsolve.errors import InputError
from foolsolve.worlds import Worlds, is_hidden, read_view, view_of, worlds_from_state
from tests.generic.test_cli import assert_one_line_error, run

GAMES = [info.name for info in games.all_games()]
SIGNIFICANCE = 0.001
"""The chi-square test rejects the sampler when the p-value is below this (seeded: one fixed run)."""


def _viewable(name):
    info = games.get(name)
    if not info.spec.view_fields:
        pytest.skip(f"{name} declares no views")
    return info


def random_position(info, rng, moves):
    """A random whole game of ``info`` after up to ``moves`` random moves (chance outcomes too)."""
    spec = info.spec
    state = info.random_game(rng)
    for _ in range(moves):
        listed, family = spec.legal_moves_split(state)
        if not listed and family is None:
            break
        if family is not None and (not listed or rng.random() < 0.3):
            move = family.sample(rng)
        else:
            move = rng.choice(listed)
        state = spec.apply(state, move)
    return state


@pytest.mark.parametrize("name", GAMES)
@given(seed=st.integers(0, 2**32 - 1), moves=st.integers(0, 40), seat=st.integers(0, 6))
def test_every_sampled_world_gives_back_the_view(name, seed, moves, seat):
    info = _viewable(name)
    spec = info.spec
    rng = random.Random(seed)
    state = random_position(info, rng, moves)
    player = seat % spec.num_players(state)
    view = view_of(info, state, player)
    worlds = Worlds(read_view(json.loads(json.dumps(view))))
    assert worlds.player == player
    mine = spec.to_move(state) == player
    for _ in range(2):
        world = worlds.sample(rng)
        assert view_of(info, world, player) == view
        # the same information set as the game's own observation (the OpenSpiel bridge's) says
        assert spec.information_state(world, player) == spec.information_state(state, player)
        assert spec.state_from_json(spec.state_to_json(world)) == world  # (its schema too: worlds skip it)
        if mine:  # the viewer's moves do not depend on what she cannot see
            assert [str(m) for m in spec.legal_moves(world)] == [str(m) for m in spec.legal_moves(state)]


KNOWING = [n for n in GAMES if games.get(n).spec.knowledge_fields]


@pytest.mark.parametrize("name", KNOWING)
def test_sampled_worlds_keep_the_cards_the_state_records_as_known(name):
    """Positions whose knowledge fields (SpecGame.knowledge_fields: cards picked up or passed in view)
    hold cards, from seeded random games: some view places such cards in a hidden zone, and every
    sampled world of every view gives that view back (so the cards are where the view says)."""
    info = games.get(name)
    spec = info.spec
    found = placed = 0
    for seed in range(300):
        rng = random.Random(seed)
        state = random_position(info, rng, rng.randint(4, 60))
        if not any(k in spec.state_to_json(state) for k in spec.knowledge_fields):
            continue
        found += 1
        for player in range(spec.num_players(state)):
            view = view_of(info, state, player)
            hidden = [v for v in [*view.get("hands", []), view.get("pool")] if is_hidden(v)]
            placed += any(h.get("known") for h in hidden)
            worlds = Worlds(read_view(json.loads(json.dumps(view))))
            for _ in range(2):
                assert view_of(info, worlds.sample(rng), player) == view
        if found == 6:
            break
    assert found == 6 and placed


def _small_view(info, most, seeds=range(300), least=2):
    """A view (from a seeded random game) with ``least`` to ``most`` worlds, and its worlds."""
    for seed in seeds:
        rng = random.Random(seed)
        state = info.random_game(rng)
        for _ in range(400):
            for player in range(info.spec.num_players(state)):
                hidden = info.spec.view_knowledge(state, player).values()
                if sum(h.count - len(h.known) - len(h.top) - len(h.bottom) for h in hidden) > 12:
                    continue  # (cheap test first: most positions hide far too much)
                worlds = worlds_from_state(info, state, player)
                if worlds._assignments_count() <= 4 * most:
                    count = worlds.count()
                    if count is not None and least <= count <= most:
                        return worlds
            listed, family = info.spec.legal_moves_split(state)
            if not listed and family is None:
                break
            state = info.spec.apply(state, rng.choice(listed) if listed else family.sample(rng))
    raise AssertionError(f"{info.name}: no view with {least} to {most} worlds in {len(seeds)} random games")


def _key(info, state):
    return json.dumps(info.spec.state_to_json(state), sort_keys=True)


@pytest.mark.parametrize("name", GAMES)
def test_sampler_frequencies_match_the_exhaustive_list(name):
    """Chi-square goodness of fit of 40 draws a world against the worlds' weights (1 each where every
    card is distinct), seeded; rejected below SIGNIFICANCE."""
    info = _viewable(name)
    worlds = _small_view(info, most=12)
    weighted = list(worlds.enumerate_weighted())
    assert worlds.count() == len(weighted) == len(list(worlds.enumerate()))
    keys = [_key(info, s) for s, _ in weighted]
    assert len(set(keys)) == len(keys)  # every world once
    total = sum(w for _, w in weighted)
    draws = 40 * len(weighted)
    rng = random.Random(20261128)
    seen = Counter(_key(info, worlds.sample(rng)) for _ in range(draws))
    assert set(seen) <= set(keys)
    observed = [seen[k] for k in keys]
    expected = [draws * w / total for _, w in weighted]
    assert chisquare(observed, expected).pvalue > SIGNIFICANCE


@pytest.mark.parametrize("name", GAMES)
def test_count_equals_the_number_of_worlds_listed(name):
    info = _viewable(name)
    worlds = _small_view(info, most=60, seeds=range(300, 600))
    assert worlds.count() == len(list(worlds.enumerate()))


@pytest.mark.parametrize("name", GAMES)
def test_a_view_with_one_world_gives_that_world(name):
    info = _viewable(name)
    spec = info.spec
    rng = random.Random(7)
    state = random_position(info, rng, 12)
    player = 0
    view = view_of(info, state, player)
    full = spec.state_to_json(state)
    exact = copy.deepcopy(view)
    for key, zf in spec.view_fields.items():
        paths = [(key, i) for i, v in enumerate(view[key]) if is_hidden(v)] if zf.per_player else \
            [(key,)] if is_hidden(view.get(key)) else []
        for path in paths:
            zone = view[path[0]][path[1]] if len(path) == 2 else view[path[0]]
            cards = full[path[0]][path[1]] if len(path) == 2 else full[path[0]]
            if isinstance(cards, int):  # a zone the full position gives only as a count
                continue
            if isinstance(cards, str):  # a zone of one card written as the card
                cards = [cards]
            new = {"count": zone["count"], ("top" if zf.ordered else "known"): list(cards)}
            if len(path) == 2:
                exact[path[0]][path[1]] = new
            else:
                exact[path[0]] = new
    worlds = Worlds(read_view(exact))
    if worlds.count() != 1:
        pytest.fail(f"{name}: the fully known view has {worlds.count()} worlds")
    world = worlds.sample(random.Random(1))
    for q in range(spec.num_players(state)):
        assert view_of(info, world, q) == view_of(info, state, q)
    assert [_key(info, w) for w in worlds.enumerate()] == [_key(info, worlds.sample(random.Random(2)))]


@pytest.mark.parametrize("name", GAMES)
def test_a_game_without_views_is_a_one_line_error(name, monkeypatch):
    info = games.get(name)
    monkeypatch.setattr(type(info.spec), "view_fields", {})
    state = info.random_game(random.Random(0))
    with pytest.raises(InputError, match="has no views"):
        view_of(info, state, 0)


# --- the command line -------------------------------------------------------------------------


def _view_file(tmp_path, name, capsys, seed=3, moves=6):
    info = _viewable(name)
    state = random_position(info, random.Random(seed), moves)
    full = tmp_path / "full.json"
    full.write_text(json.dumps(info.spec.state_to_json(state)))
    out = tmp_path / "view.json"
    code, _, err = run(["view", str(full), "--as", "1", "--out", str(out)], capsys)
    assert code == 0, err
    return info, json.loads(out.read_text()), out


def _midbout_view(tmp_path, capsys, player=0):
    """Player ``player``'s view of durak-midbout.json, written by ``foolsolve view``: its path."""
    view = tmp_path / f"v{player}.json"
    code, _, err = run(["view", str(VIEW_EXAMPLES.parent / "durak-midbout.json"), "--as", str(player), "--out",
                        str(view)], capsys)
    assert code == 0, err
    return view


@pytest.mark.parametrize("name", GAMES)
def test_show_of_a_view_names_the_viewers_own_cards(name, tmp_path, capsys):
    """``show VIEW`` is what the player reads: her own cards (every card of every zone the game keeps
    one per player, hers written out) and her row, beside the hidden zones as counts."""
    info, view, path = _view_file(tmp_path, name, capsys)
    spec = info.spec
    deck, _cards, _visible = spec.view_cards(view)
    code, out, err = run(["show", str(path)], capsys)
    assert code == 0, err
    mine = next(line for line in out.splitlines() if re.match(r" *player 1 \((.*, )?you\):", line))
    own = [c for key, zf in spec.view_fields.items() if zf.per_player and isinstance(view.get(key), list)
           and isinstance(view[key][1], list) for c in view[key][1] if isinstance(c, str)]
    shown = set()
    for token in mine.replace(";", " ").split():
        try:
            shown.add(deck.parse(token))
        except InputError:
            pass
    for card in own:
        assert deck.parse(card) in shown, (card, mine)
    assert "face down" in out  # the hidden zones, as counts


@pytest.mark.parametrize("name", GAMES)
def test_view_command_and_the_commands_that_read_views(name, tmp_path, capsys):
    info, view, path = _view_file(tmp_path, name, capsys)
    assert view["view"] == 1 and view["game"] == info.name
    code, out, err = run(["show", str(path)], capsys)
    assert code == 0 and "as player 1 sees it" in out, err
    code, out, err = run(["moves", str(path), "--json"], capsys)
    assert code == 0, err
    code, out, err = run(["show", str(path), "--svg", str(tmp_path / "v.svg")], capsys)
    assert code == 0, err
    svg = (tmp_path / "v.svg").read_text(encoding="utf-8")
    assert 'data-view="player 1"' in svg
    hidden = read_view(view).zones
    assert svg.count('data-face="down"') == sum(z.unknown for z in hidden)  # every unknown card face down
    # (--time 0: every world asked for, however long a loaded machine takes to compile the engine)
    code, out, err = run(["report", str(path), "--out", str(tmp_path / "r.html"), "--samples", "4", "--max-nodes",
                          "200", "--time", "0"], capsys)
    assert code == 0, err
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert 'data-view="player 1"' in page
    assert 'id="seat-worlds" data-worlds="' in page or "the game is over" in page  # the answer from the seat
    code, out, err = run(["solve", str(path), "--samples", "4", "--max-nodes", "200", "--time", "0"], capsys)
    if "the game is over" not in out + err:  # a random position may have ended (its result then answers)
        assert code == 0 and "seen from player 1's seat" in out and "Method: " in out, err  # docs/seat.md
    code, out, err = run(["play", str(path), "x"], capsys)
    assert_one_line_error(code, err, "needs a full position")
    # the batch reader (batch, solve A B ...): each view line answered from its seat, as one file alone is
    lines = tmp_path / "in.jsonl"
    lines.write_text(json.dumps(str(path)) + "\n" + json.dumps(view) + "\n")
    code, out, err = run(["batch", str(lines), "--no-store", "--samples", "4", "--max-nodes", "200"], capsys)
    records = [json.loads(line) for line in out.splitlines()]
    assert len(records) == 2 and all(r.get("seat") or r["result"]["method"].startswith("none: the game is over")
                                     for r in records), out + err
    assert all(r["seat"]["player"] == 1 and r["seat"]["method"] in ("exact", "pimc") for r in records if "seat" in r)


def _first_hidden(info, view):
    for key, zf in info.spec.view_fields.items():
        value = view.get(key)
        if zf.per_player and isinstance(value, list):
            for v in value:
                if is_hidden(v) and v["count"] > 0:
                    return v
        elif is_hidden(value) and value["count"] > 0:
            return value
    raise AssertionError("no hidden zone with cards")


def _bad_views(info, view):
    """(what is wrong, the view file's JSON, a word the error must contain)."""
    out = []
    v = copy.deepcopy(view)
    _first_hidden(info, v)["count"] += 1
    out.append(("a count too many", v, "do not add up"))
    v = copy.deepcopy(view)
    zone = _first_hidden(info, v)
    zone["known"] = [*zone.get("known", []), "ZZ"]
    out.append(("an unknown card", v, "ZZ"))
    v = copy.deepcopy(view)
    zone = _first_hidden(info, v)
    seen = info.spec.view_cards(view)[2]
    if seen:
        zone["known"] = [*zone.get("known", []), seen[0][1].ascii]
        out.append(("a card in two places", v, seen[0][1].ascii))
    v = copy.deepcopy(view)
    zone = _first_hidden(info, v)
    deck = info.spec.view_cards(view)[1]
    zone["known"] = [c.ascii for c in deck[:zone["count"] + 1]]
    out.append(("a count smaller than its known cards", v, "smaller than"))
    v = copy.deepcopy(view)
    v["view"] = 9
    out.append(("no such player", v, "view"))
    v = copy.deepcopy(view)
    v.pop("view")
    out.append(("a hidden zone in a full position", v, "count"))
    return out


@pytest.mark.parametrize("name", GAMES)
def test_bad_view_files_are_one_line_errors(name, tmp_path, capsys):
    info, view, _ = _view_file(tmp_path, name, capsys)
    for what, bad, needle in _bad_views(info, view):
        path = tmp_path / "bad.json"
        path.write_text(json.dumps(bad))
        code, _, err = run(["show", str(path)], capsys)
        assert code == 2, what
        assert_one_line_error(code, err, needle)


@pytest.mark.parametrize("name", GAMES)
def test_moves_and_why_on_a_view_speak_for_the_viewer(name, tmp_path, capsys):
    """When the viewer is to move: her moves, as the full position lists them. Otherwise: who is to
    move, plainly, and what the worlds looked at allow."""
    info = _viewable(name)
    spec = info.spec
    for seed in range(40):
        state = random_position(info, random.Random(seed), 8)
        if not spec.is_terminal(state) and spec.to_move(state) >= 0:
            break
    mover = spec.to_move(state)
    full = tmp_path / "full.json"
    full.write_text(json.dumps(spec.state_to_json(state)))
    legal = [str(m) for m in spec.legal_moves(state)]
    other = (mover + 1) % spec.num_players(state)
    for viewer in (mover, other):
        path = tmp_path / f"view{viewer}.json"
        assert run(["view", str(full), "--as", str(viewer), "--out", str(path)], capsys)[0] == 0
        code, out, err = run(["moves", str(path), "--json"], capsys)
        assert code == 0, err
        code, text, err = run(["why", str(path), legal[0]], capsys)
        assert code == 0, err
        if viewer == mover:
            assert json.loads(out) == legal
            assert "legal" in text and f"player {viewer}'s view" in text
        else:
            answer = json.loads(out)
            assert answer["to_move"] == mover and answer["view"] == viewer
            assert set(answer["in_every_world"]) <= set(answer["in_some_world"])
            assert f"player {mover} is to move, not the viewer (player {viewer})" in text
    code, _, err = run(["view", str(full), "--as", "9"], capsys)
    assert_one_line_error(code, err, "player 9 does not exist")
    code, _, err = run(["show", str(tmp_path / f"view{other}.json"), "--as", str(mover)], capsys)
    assert_one_line_error(code, err, f"player {other}'s view")


def test_docs_views_lists_the_commands_that_read_a_view_file(tmp_path, capsys):
    """docs/views.md opens with the commands that read a view file: that list is the commands that do
    (solve among them: it answers a view from the viewer's seat)."""
    from pathlib import Path

    page = (Path(__file__).resolve().parents[2] / "docs" / "views.md").read_text(encoding="utf-8")
    block = page.split("```", 2)[1]
    listed = set()
    for line in block.splitlines():
        if line.startswith("foolsolve "):
            word = line.split()[1]
            listed.add("solve" if word.endswith(".json") else word)
    v = str(_midbout_view(tmp_path, capsys, 1))
    tries = {"solve": [v, "--samples", "2", "--max-nodes", "200"], "show": [v], "moves": [v], "why": [v, "take"],
             "report": [v, "--out", str(tmp_path / "r.html"), "--samples", "2", "--max-nodes", "200"],
             "play": [v, "take"], "perft": [v, "--depth", "1"], "view": [v, "--as", "1"]}
    reads = set()
    for name, args in tries.items():
        code, _, err = run([name, *args], capsys)
        assert code in (0, 2), err
        if code == 0:
            reads.add(name)
        else:
            assert "needs a full position" in err, err
    assert listed - {"view"} == reads, (listed, reads)  # ('view' is listed for writing one)


VIEW_EXAMPLES = Path(__file__).resolve().parents[2] / "foolsolve" / "examples" / "views"


@pytest.mark.parametrize("name", sorted(p.stem for p in VIEW_EXAMPLES.glob("*.json")))
def test_show_of_a_view_writes_every_field_for_reading(name, capsys):
    """The lines of 'show VIEW' are for a reader: an empty zone or field is '-', never JSON ('piles:
    [[], []]' before the first collection) nor nothing after the colon (Three Fools' 'reason: ');
    every bundled view example (the registry's games, not a list of them)."""
    path = VIEW_EXAMPLES / f"{name}.json"
    code, out, err = run(["show", str(path)], capsys)
    assert code == 0, err
    for line in out.splitlines():
        assert "[[" not in line and "{" not in line, line
        assert not line.rstrip().endswith(":"), line


FULL_EXAMPLES = sorted(p.name for p in VIEW_EXAMPLES.parent.glob("*.json"))


def _card_forms(deck, text):
    """How ``text`` writes the cards it names: ``ascii`` (``3C``), ``glyph`` (``3♣``), or both
    where the two are one (a tarot trump, a Pilatch card)."""
    forms = set()
    for token in re.split(r"[\s/;,()]+", text):
        try:
            card = deck.parse(token)
        except InputError:
            continue
        if card.ascii != str(card) and token in (card.ascii, str(card)):  # (not a word: "as", the ace of spades)
            forms.add("ascii" if token == card.ascii else "glyph")
    return forms


@pytest.mark.parametrize("example", FULL_EXAMPLES)
def test_show_as_is_the_text_of_the_view_file(example, tmp_path, capsys):
    """``show POS --as P`` prints what ``view POS --as P > v.json; show v.json`` prints, for every
    player of every bundled example (never the internal observation JSON, which nothing reads back)."""
    pos = str(VIEW_EXAMPLES.parent / example)
    obj = json.loads(Path(pos).read_text())
    spec = games.get(obj["game"]).spec
    for player in range(spec.num_players(spec.state_from_json(obj))):
        code, out, err = run(["show", pos, "--as", str(player)], capsys)
        assert code == 0, err
        view = tmp_path / f"v{player}.json"
        code, _, err = run(["view", pos, "--as", str(player), "--out", str(view)], capsys)
        assert code == 0, err
        code, text, err = run(["show", str(view)], capsys)
        assert code == 0, err
        assert out == text and f"as player {player} sees it" in out
        assert not out.lstrip().startswith("{")
        code, again, err = run(["show", str(view), "--as", str(player)], capsys)  # (--as its own player)
        assert code == 0 and again == text, err


def test_show_help_says_what_show_as_prints(capsys):
    """``show --help`` says ``--as P`` describes P's view in words and where P's view as JSON is."""
    code, out, _ = run(["show", "--help"], capsys)
    words = " ".join(out.split())
    assert code == 0 and "else P's view as JSON" not in words
    assert "in words" in words and "'view --as P'" in words


@pytest.mark.parametrize("example", FULL_EXAMPLES)
def test_show_of_a_view_reads_like_show_of_the_position(example, capsys):
    """``show POS --as P`` reads as ``show POS`` does: the same first line, the same lines for what
    everyone sees (the rules, who is to move and the kind of move, roles, places, the table), one
    line more (whose view it is; unknown cards; consistent worlds), the cards written as the full
    text writes them (Foolery ``3C`` in both), the viewer's row marked ``you``, the zones hidden from
    her face down and no internal field (``taking: false``, ``defender_start``, ``trump: H``)."""
    pos = str(VIEW_EXAMPLES.parent / example)
    obj = json.loads(Path(pos).read_text())
    info = games.get(obj["game"])
    spec = info.spec
    state = spec.state_from_json(obj)
    code, full, err = run(["show", pos], capsys)
    assert code == 0, err
    full_lines = full.splitlines()
    deck = spec.view_cards(view_of(info, state, 0))[0]
    for player in range(spec.num_players(state)):
        code, out, err = run(["show", pos, "--as", str(player)], capsys)
        assert code == 0, err
        lines = out.splitlines()
        assert lines[0] == full_lines[0]
        assert lines[1].strip().startswith(f"as player {player} sees it; unknown cards: ")
        assert "; consistent worlds: " in lines[1]
        rest = lines[:1] + lines[2:]
        assert len(rest) == len(full_lines), (full, out)
        for mine, whole in zip(rest, full_lines):  # line by line: a line differs only where a card is hidden
            assert mine == whole or any(word in mine for word in ("face down", "you)", "??", "bottom", "unknown",
                                                       "or more cards of one suit")), \
                (mine, whole)
        assert sum(f"player {player} (" in line and "you)" in line for line in lines) == 1, out
        assert "face down" in out or example.endswith("-deal.json"), out
        assert _card_forms(deck, out) <= _card_forms(deck, full), out
        for internal in ("taking:", "first_bout", "defender_start", "last_defender", "trump:", "hands ", "-1",
                         "max_hand", "lost", "turns_done", "setup_chosen", "passed:", "skipped:"):
            assert not any(internal in line for line in lines if not line.startswith("rules")), (internal, out)


@pytest.mark.parametrize("name", GAMES)
def test_show_of_a_view_reads_nothing_a_world_fills_in(name):
    """A view's text is the same whichever world of it the spec's ``describe`` is given (the text is
    read off the view: nothing where the worlds differ), at positions all through random games."""
    from foolsolve.present import show_text

    info = _viewable(name)
    spec = info.spec
    for seed in range(8):
        rng = random.Random(seed)
        state = random_position(info, rng, rng.randrange(0, 80))
        for player in range(spec.num_players(state)):
            view = read_view(view_of(info, state, player), check=False)
            texts = {show_text(spec, Worlds(view).sample(rng), view) for _ in range(4)}
            assert len(texts) == 1, (seed, player, texts)


@pytest.mark.parametrize("name", GAMES)
def test_show_of_a_view_writes_no_json_in_any_position(name):
    """'show VIEW' (and the seat screen of play --seat) at positions all through random games of every
    game: records and lists are written out (Foolery's plays on the table, Three Fools' rounds, who
    is out), each player's knowledge on her row, never as JSON."""
    from foolsolve.worlds import view_text

    info = _viewable(name)
    spec = info.spec
    for seed in range(12):
        rng = random.Random(seed)
        state = random_position(info, rng, rng.randrange(0, 80))
        for player in range(spec.num_players(state)):
            text = view_text(read_view(json.loads(json.dumps(view_of(info, state, player)))))
            for line in text.splitlines():
                if line.startswith("rules"):
                    continue  # (the rule options off their default are written as JSON values, as everywhere)
                assert "{" not in line and "[" not in line and not line.rstrip().endswith(":"), (seed, line)


# --- where the unseen cards may lie (SpecGame.view_card_zones) -----------------------------------


def test_the_matrices_of_classes_and_zones_are_every_filling_once():
    """``_matrices``: every class-by-zone matrix with the row sums (class sizes), the column sums
    (unknown places) and zeros where a class may not lie, once each, against all matrices listed."""
    import itertools

    from foolsolve.worlds import _matrices

    rows = [((True, True, False), 3), ((False, True, True), 2), ((True, True, True), 4)]
    places = [2, 4, 3]
    brute = sorted(m for m in itertools.product(*[list(itertools.product(range(n + 1), repeat=3)) for _, n in rows])
                   if all(sum(r) == n and all(ok or not k for ok, k in zip(allowed, r))
                          for r, (allowed, n) in zip(m, rows))
                   and [sum(col) for col in zip(*m)] == places)
    found = list(_matrices(rows, places))
    assert sorted(found) == brute and len(found) == len(set(found)) > 1
    assert list(_matrices(rows, [9, 0, 0])) == []  # the second class may not lie in the first zone


def _view_of_three_zones(info):
    """A view (seeded random Durak games) whose unseen cards fill three hidden zones or more, every
    assignment a position, and a few hundred assignments."""
    for seed in range(200):
        rng = random.Random(seed)
        state = random_position(info, rng, rng.randint(10, 60))
        for player in range(info.spec.num_players(state)):
            worlds = worlds_from_state(info, state, player)
            if (sum(z.unknown > 0 for z in worlds.view.zones) >= 3 and not worlds.view.constrained
                    and 6 <= len(worlds.view.unseen) <= 8 and 100 <= worlds._assignments_count() <= 1000):
                return worlds
    raise AssertionError("no Durak view with three hidden zones to fill")


def test_a_restriction_on_where_unseen_cards_lie_is_counted_listed_and_sampled_uniformly(monkeypatch):
    """A synthetic ``view_card_zones`` on a game without one (Durak): the i-th unseen card may lie only
    in the hidden zones 0 and 1, 1 and 2, or any (i mod 3). The worlds listed are those of the
    unrestricted list that respect it; ``count()`` (the sum over the class-by-zone matrices) is their
    number; the sampler draws them uniformly (chi-square, 40 draws a world, rejected below
    SIGNIFICANCE, seeded); a restriction no assignment fits is a one-line error."""
    info = games.get("durak")
    spec = info.spec
    worlds = _view_of_three_zones(info)
    view = worlds.view
    zones = [z.path for z in view.zones if z.unknown]
    rule = {c: frozenset(zones[j] for j in ((0, 1), (1, 2), range(len(zones)))[i % 3])
            for i, c in enumerate(view.unseen)}

    def respects(state):
        obj = spec.state_to_json(state)
        where = {c: p for z in view.zones for p in [z.path] for c in (obj[p[0]][p[1]] if len(p) == 2 else obj[p[0]])}
        return all(where[c.ascii] in rule[c] for c in view.unseen)

    free = [_key(info, s) for s in worlds.enumerate() if respects(s)]
    monkeypatch.setattr(type(spec), "view_card_zones", lambda self, v: rule)
    restricted = Worlds(read_view(copy.deepcopy(view.obj)))
    listed = [_key(info, s) for s in restricted.enumerate()]
    assert sorted(listed) == sorted(free) and 1 < len(listed) < worlds.count()
    assert restricted.count() == len(listed)
    plan = restricted._plan(restricted._parts()[0], restricted.view.unseen)
    assert sum(len(xs) for xs, _ in plan.tails.values()) > 1  # several matrices
    draws = 40 * len(listed)
    rng = random.Random(20261128)
    seen = Counter(_key(info, restricted.sample(rng)) for _ in range(draws))
    assert set(seen) == set(listed)
    assert chisquare([seen[k] for k in listed]).pvalue > SIGNIFICANCE

    monkeypatch.setattr(type(spec), "view_card_zones", lambda self, v: {c: frozenset(zones[:1]) for c in v.unseen})
    with pytest.raises(InputError, match=r"^view: no position is consistent with this view \(.* unknown places"):
        read_view(copy.deepcopy(view.obj))


def test_moves_of_a_view_with_another_player_to_move_list_one_move_a_line_and_summarise(tmp_path, capsys):
    """A four-player Foolery view with another player to move allows hundreds of moves in some world:
    `moves VIEW` once printed them all on one line of thousands of characters. Now one move a line,
    the first few, then how many more; --json keeps them all."""
    view = tmp_path / "foolery4.json"
    view.write_text(json.dumps({
        "game": "foolery", "view": 2, "players": 4, "dealer": 0, "to_move": 0,
        "hands": [{"count": 19}, {"count": 20}, ["AC", "3C", "5C", "9C", "KC", "2D", "4D", "4H", "7H", "QH", "CS",
                                                 "JS", "QS", "I", "V", "IX", "XIII", "XVII", "XXI", "Fool"],
                  {"count": 19}]}))
    code, out, err = run(["moves", str(view), "--json"], capsys)
    assert code == 0, err
    answer = json.loads(out)
    some = answer["in_some_world"]
    assert len(some) > 100
    code, out, err = run(["moves", str(view)], capsys)
    assert code == 0, err
    lines = out.splitlines()
    assert max(len(line) for line in lines[1:]) <= 100
    assert lines[1] == "legal in every world: none"
    assert lines[2] == f"legal in some world ({len(some):,}):"
    assert lines[3:-1] == [f"  {m}" for m in some[:20]]
    assert lines[-1] == f"  … and {len(some) - 20:,} more (foolsolve moves --json lists them all)"


def test_moves_of_a_view_with_a_short_list_show_every_move_a_line(tmp_path, capsys):
    view = _midbout_view(tmp_path, capsys)
    code, out, err = run(["moves", str(view)], capsys)
    assert code == 0, err
    assert out.splitlines()[1:] == ["legal in every world:", "  take", "legal in some world (4):", "  cover 8♦ with 9♦",
                                    "  cover 8♦ with 7♥", "  cover 8♦ with 10♥", "  take"]


def test_moves_of_a_view_say_the_same_sets_in_text_and_json(tmp_path, capsys):
    """The text's "legal in some world (4)" and --json's in_some_world are one set: every move legal
    in some world, the moves legal in every world (take) too, and the same names mean the same sets."""
    view = _midbout_view(tmp_path, capsys)
    code, out, err = run(["moves", str(view), "--json"], capsys)
    assert code == 0, err
    answer = json.loads(out)
    code, text, err = run(["moves", str(view)], capsys)
    assert code == 0, err
    lines = text.splitlines()[1:]
    cut = lines.index(next(line for line in lines if line.startswith("legal in some world")))
    assert [line.strip() for line in lines[1:cut]] == answer["in_every_world"] == ["take"]
    assert [line.strip() for line in lines[cut + 1:]] == answer["in_some_world"]
    assert lines[0] == "legal in every world:" and lines[cut] == f"legal in some world ({len(answer['in_some_world'])}):"


VIEW_FILES = sorted(VIEW_EXAMPLES.glob("*.json"))


@pytest.mark.parametrize("path", VIEW_FILES, ids=[p.stem for p in VIEW_FILES])
def test_listing_the_worlds_of_a_large_view_starts_at_once(path):
    """``Worlds.enumerate()`` makes each world as it is asked for: the first worlds of every bundled
    view come at once, also of a fresh Durak deal's 1.2e28 (a user trial waited 11.6 s for the first
    of the Fool's Paradise view's 850,668, and ran out of memory on the Durak deal: every pick and
    order was listed first)."""
    import itertools
    import time

    view = read_view(json.loads(path.read_text(encoding="utf-8")))
    worlds = Worlds(view)
    start = time.monotonic()
    first = list(itertools.islice(worlds.enumerate(), 5))
    assert time.monotonic() - start < 3  # (milliseconds; the Fool's Paradise view took 7.5 s listing first)
    assert first and len(first) == min(5, worlds.count() or 5)
    spec = view.info.spec
    texts = [json.dumps(spec.state_to_json(w), sort_keys=True) for w in first]
    assert len(set(texts)) == len(texts)
    assert [json.dumps(spec.state_to_json(w), sort_keys=True)
            for w in itertools.islice(Worlds(view).enumerate(), 5)] == texts  # a fixed order


def test_the_lazy_picks_and_orders_are_the_sorted_distinct_ones():
    """The generators :meth:`Worlds.enumerate` walks give what sorting the set of every combination
    and permutation gave, in the same order (cards held more than once too), one at a time."""
    import itertools

    from foolsolve.cards import FRENCH52
    from foolsolve.worlds import _distinct_combinations, distinct_permutations

    deck = list(FRENCH52.cards)
    rng = random.Random(7)
    for _ in range(300):
        pool = rng.sample(deck[:6], rng.randint(0, 6)) + rng.sample(deck[:6], rng.randint(0, 3))
        rng.shuffle(pool)
        k = rng.randint(0, len(pool) + 1)
        assert list(_distinct_combinations(pool, k)) == sorted(set(itertools.combinations(sorted(pool), k)))
        if len(pool) <= 7:
            assert list(distinct_permutations(pool)) == sorted(set(itertools.permutations(pool)))
    many = deck[:40]
    assert next(_distinct_combinations(many, 20)) == tuple(sorted(many)[:20])
    assert next(distinct_permutations(many)) == tuple(sorted(many))


def test_an_answer_from_a_view_draws_its_first_world_once(monkeypatch):
    """The world ``sample(random.Random(0))`` draws is read by the view's check, the finished-game
    check and the exact solver from one seat (Three Fools' round odds): drawn once a view
    (``Worlds.first``), every reader given that same world."""
    import foolsolve

    real = Worlds.sample
    draws = []

    def counted(self, rng):
        draws.append(1)
        return real(self, rng)

    monkeypatch.setattr(Worlds, "sample", counted)
    path = VIEW_EXAMPLES / "three-fools.json"
    assert isinstance(foolsolve.answer(path), foolsolve.Solved) and len(draws) == 1
    view = read_view(json.loads(path.read_text()))
    first = Worlds(view).first()
    assert len(draws) == 2 and Worlds(view).first() is first and len(draws) == 2
    assert first == real(Worlds(view), random.Random(0))


def test_a_weighted_pick_takes_each_index_as_often_as_its_weight_over_every_draw():
    """Every value ``rng.randrange(total)`` can give, once each: index ``i`` comes ``weights[i]`` times
    (zero weights never)."""
    from foolsolve import worlds

    class Every:
        def __init__(self) -> None:
            self.next = 0

        def randrange(self, n: int) -> int:
            self.next += 1
            return (self.next - 1) % n

    for weights in ([1, 1], [3, 0, 2, 5], [0, 4], [7]):
        rng = Every()
        picks = Counter(worlds._pick(weights, rng) for _ in range(sum(weights)))  # type: ignore[arg-type]
        assert picks == Counter({i: w for i, w in enumerate(weights) if w})


def test_a_count_that_needs_a_listing_lists_up_to_the_limit_of_assignments_inclusive(monkeypatch):
    """Where the worlds must be listed to be counted (here: the view told it holds duplicate cards),
    ``count()`` lists them when there are at most ENUMERATE_LIMIT assignments to walk, else gives None."""
    from foolsolve import worlds as w

    info = _viewable("durak")
    obj = _small_view(info, most=12).view.obj
    for limit, want_listed in ((None, True), (-1, False)):
        fresh = Worlds(read_view(copy.deepcopy(obj)))  # its own cache of counts
        monkeypatch.setattr(fresh, "_has_duplicates", lambda: True)
        n = fresh._walk_count()
        monkeypatch.setattr(w, "ENUMERATE_LIMIT", n if limit is None else n + limit)
        got = fresh.count()
        assert (got == len(list(fresh.enumerate()))) if want_listed else got is None
