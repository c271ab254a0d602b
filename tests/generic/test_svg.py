"""Card pictures (foolsolve/svg.py): every card of a position drawn in its zone, for every
registered game; a player's view hides what the rules hide; a real renderer draws the SVG."""

from __future__ import annotations

import itertools
import json
import random
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

from foolsolve import games
from foolsolve.cli import main
from foolsolve.svg import Position, parse_card, position_svg
from foolsolve.worlds import view_of
from tests.durak.helpers import finished

EXAMPLES = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"
NS = "{http://www.w3.org/2000/svg}"


def drawn_cards(svg: str) -> list[dict[str, str]]:
    """The data attributes of every card group in an SVG text."""
    root = ET.fromstring(svg)
    assert root.tag == NS + "svg"
    return [dict(g.attrib) for g in root.iter(NS + "g") if g.get("class") == "card"]


def canon(text: str) -> str:
    card = parse_card(text)
    assert card is not None, text
    return card.ascii


def expected_cards(obj: dict, players: int, knowledge: tuple[str, ...] = ()) -> Counter:
    """Where every card of a position's JSON belongs, read independently of svg.py: a flat list of
    cards is a zone; a list of ``players`` card lists is one zone a player; a list of pairs is a zone
    of pairs (slot 0 and 1); one card alone is a zone of one. The spec's ``knowledge`` fields name
    cards of other zones (Durak's ``known``: cards in a hand): they are not drawn again."""
    want: Counter = Counter()
    for key, value in obj.items():
        if key in ("game", "rules", "comment", *knowledge):
            continue
        if isinstance(value, str) and parse_card(value) is not None:
            want[(key, None, "0", None, canon(value))] += 1
        if not isinstance(value, list) or not value:
            continue
        if all(v is None or (isinstance(v, str) and parse_card(v)) for v in value):
            for i, c in enumerate(value):  # null: an empty place
                if c is not None:
                    want[(key, None, str(i), None, canon(c))] += 1
        elif all(isinstance(v, dict) and ("card" in v or "cards" in v) for v in value):
            for i, play in enumerate(value):  # a trick's plays: {"player", "card" or "cards"}
                cards = play.get("cards", play.get("card"))
                for slot, c in enumerate(cards if isinstance(cards, list) else [cards]):
                    if isinstance(c, str) and parse_card(c):
                        want[(key, None, str(i), str(slot), canon(c))] += 1
                for field, more in play.items():  # a past round's other card lists, one a player (its bonus)
                    if field not in ("card", "cards") and isinstance(more, list) and len(more) == players \
                            and all(isinstance(x, list) for x in more):
                        for cs in more:
                            for slot, c in enumerate(cs):
                                want[(key, None, str(i), str(slot), canon(c))] += 1
        elif all(isinstance(v, list) for v in value):
            if key in ("table", "trick", "pairs"):
                for i, pair in enumerate(value):
                    for slot, c in enumerate(pair):
                        if c is not None:
                            want[(key, None, str(i), str(slot), canon(c))] += 1
            elif len(value) == players:
                for p, cs in enumerate(value):
                    for i, c in enumerate(cs):
                        want[(key, str(p), str(i), None, canon(c))] += 1
    return want


def got_cards(svg: str) -> Counter:
    return Counter((a["data-zone"], a.get("data-owner"), a["data-index"], a.get("data-slot"), a["data-card"])
                   for a in drawn_cards(svg) if a["data-face"] == "up")


def sample_states(info, count: int = 4, seed: int = 7):
    """Examples of the game, fresh deals and positions a few random moves into a game."""
    spec = info.spec
    states = []
    for path in sorted(EXAMPLES.glob("*.json")):
        obj = json.loads(path.read_text())
        if games.get(obj["game"]).name == info.name:
            states.append(spec.state_from_json(obj))
    rng = random.Random(seed)
    if info.random_game is not None:
        for _ in range(count):
            s = info.random_game(rng)
            states.append(s)
            for _ in range(rng.randint(1, 12)):
                moves = spec.legal_moves(s)
                if not moves:
                    break
                s = spec.apply(s, rng.choice(moves))
                states.append(s)
    return states


@pytest.mark.parametrize("name", games.names())
def test_every_card_of_a_position_is_drawn_in_its_zone_all_open(name):
    info = games.get(name)
    spec = info.spec
    for state in sample_states(info):
        obj = {**spec.state_to_json(state), **spec.picture_extra(state)}
        svg = position_svg(spec, state)
        want = expected_cards(obj, spec.num_players(state), spec.knowledge_fields)
        assert want, obj
        assert got_cards(svg) == want
        # every card of the game in play is drawn (the zones the JSON leaves implicit too: Fools and
        # Angels' discard), face up or among the face-down cards; the game's cards read off its views
        cards = {c.ascii for c in spec.view_cards(view_of(info, state, 0))[1]}
        up = {a["data-card"] for a in drawn_cards(svg) if a["data-face"] == "up"}
        assert up <= cards and len(cards - up) <= sum(a["data-face"] == "down" for a in drawn_cards(svg))
        # all open: only cards whose order nobody knows (a stock given by its size) are face down
        down = [a for a in drawn_cards(svg) if a["data-face"] == "down"]
        assert len(down) == sum(v for k, v in obj.items() if k.endswith("_size"))


def _placed(v) -> tuple[Counter, int]:
    """The cards a view file's value shows (written out, or known in a hidden zone: ``top``, ``known``,
    ``bottom``) and how many of its cards are face down (the rest of each hidden zone)."""
    from foolsolve.worlds import is_hidden

    if is_hidden(v):
        known = [*v.get("top", []), *v.get("known", []), *v.get("bottom", [])]
        return Counter(canon(c) for c in known), v["count"] - len(known)
    if isinstance(v, dict):  # a play of a trick ({"player", "card" or "cards"}), a past round (its bonus too)
        v = list(v.values())
    if isinstance(v, list):
        shown: Counter = Counter()
        down = 0
        for item in v:
            seen, hidden = _placed(item)
            shown += seen
            down += hidden
        return shown, down
    return (Counter([canon(v)]) if isinstance(v, str) and parse_card(v) else Counter()), 0


@pytest.mark.parametrize("name", games.names())
def test_a_players_picture_shows_their_view_and_hides_the_rest_face_down(name):
    """A player's picture draws her view file (``foolsolve view --as P``): every card the file writes
    out, and every card it knows in a hidden zone (``known``, ``top``, ``bottom``), face up, each as
    often as the file places it; the rest of each hidden zone face down, by its count."""
    from foolsolve.worlds import is_hidden

    info = games.get(name)
    spec = info.spec
    for state in sample_states(info, count=2):
        full = spec.state_to_json(state)
        for p in range(spec.num_players(state)):
            view = view_of(info, state, p)
            svg = position_svg(spec, state, viewer=p)
            cards = drawn_cards(svg)
            up = Counter(a["data-card"] for a in cards if a["data-face"] == "up")
            shown: Counter = Counter()
            down = 0
            for key, value in view.items():
                if key not in ("game", "rules", "comment", *spec.knowledge_fields):  # knowledge: words
                    seen, hidden = _placed(value)
                    shown += seen
                    down += hidden
            assert up == shown
            assert sum(a["data-face"] == "down" for a in cards) == down
            # the viewer's own hand is face up in their block; every other hand is face down, by count,
            # but for the cards all know it holds (Durak's and F&A's ``known[q]``)
            for q, hand in enumerate(view["hands"]):
                mine = [a for a in cards if a["data-zone"] == "hands" and a.get("data-owner") == str(q)]
                if q == p:
                    assert sorted(a["data-card"] for a in mine) == sorted(canon(c) for c in full["hands"][p])
                elif is_hidden(hand):
                    assert len(mine) == hand["count"]
                    assert sorted(a["data-card"] for a in mine if a["data-face"] == "up") \
                        == sorted(canon(c) for c in hand.get("known", []))
                    assert all("data-card" not in a for a in mine if a["data-face"] == "down")


def test_the_durak_stock_is_face_down_in_a_view_but_its_bottom_card_the_trump_is_shown():
    info = games.get("durak")
    state = info.spec.deal(info.spec.rules_cls(), 3, random.Random(1))
    stock = info.spec.state_to_json(state)["stock"]
    cards = [a for a in drawn_cards(position_svg(info.spec, state, viewer=0)) if a["data-zone"] == "stock"]
    assert len(cards) == len(stock)
    assert [a["data-face"] for a in cards] == ["down"] * (len(stock) - 1) + ["up"]
    assert cards[-1]["data-card"] == stock[-1]


def test_the_svg_names_the_status_and_a_finished_game_its_winner():
    info = games.get("durak")
    obj = json.loads((EXAMPLES / "durak-endgame.json").read_text())
    state = info.spec.state_from_json(obj)
    assert "player 0 to move" in position_svg(info.spec, state)
    done = finished()
    assert info.spec.result(done) is not None
    text = position_svg(info.spec, done)
    assert "game over" in text and "player 0 to move" not in text


def test_position_draws_itself_in_a_notebook():
    pos = Position.load(str(EXAMPLES / "durak-midbout.json"))
    svg = pos._repr_svg_()
    assert svg.startswith("<svg") and got_cards(svg) == got_cards(position_svg(pos.spec, pos.state))
    after = pos.play("take")
    assert after.to_json() != pos.to_json() and after.svg() != svg
    assert repr(pos) == "<Position durak: player 1 to move>"


def run(argv, capsys):
    with pytest.raises(SystemExit) as exc:
        main(argv)
        raise SystemExit(0)
    out = capsys.readouterr()
    return exc.value.code, out.out, out.err


def test_show_svg_writes_a_file_or_standard_output(tmp_path, capsys):
    pos = str(EXAMPLES / "durak-midbout.json")
    target = tmp_path / "pos.svg"
    code, out, _ = run(["show", pos, "--svg", str(target)], capsys)
    assert code == 0 and "to move" in out
    file_svg = target.read_text()
    code, out, _ = run(["show", pos, "--svg", "-"], capsys)
    assert code == 0 and out.strip() == file_svg.strip()
    code, out, _ = run(["show", pos, "--svg", "-", "--as", "2"], capsys)
    assert code == 0 and ET.fromstring(out).get("data-view") == "player 2"
    code, _, err = run(["show", pos, "--svg", "-", "--as", "5"], capsys)
    assert code == 2 and "--as: player 5 does not exist" in err
    code, _, err = run(["show", pos, "--as", "3"], capsys)
    assert code == 2 and "--as: player 3 does not exist (3 players)" in err
    code, out, _ = run(["show", pos, "--as", "1"], capsys)  # P's view in words (tests/generic/test_worlds.py)
    assert code == 0 and "as player 1 sees it" in out and "player 2: 3 cards, face down" in out
    code, out, _ = run(["show", pos, "--svg", str(target), "--as", "1"], capsys)  # the picture's text: P's too
    assert code == 0 and "as player 1 sees it" in out and "10♥" not in out  # (player 2's)


def test_a_real_renderer_draws_the_picture_to_png(tmp_path):
    try:
        import cairosvg
    except (ImportError, OSError) as exc:  # OSError: the cairo library itself is missing
        pytest.skip(f"cairosvg (the test extra) with Debian's libcairo2 renders SVG to PNG: {exc}")
    pos = Position.load(str(EXAMPLES / "durak-midbout.json"))
    png = cairosvg.svg2png(bytestring=pos.svg().encode())
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    root = ET.fromstring(pos.svg())
    assert (width, height) == (int(root.get("width")), int(root.get("height")))
    # not blank: the picture with cards differs from the same canvas without them
    blank = cairosvg.svg2png(bytestring=pos.svg().replace('class="card"', 'class="card" display="none"').encode())
    assert blank != png


def test_a_new_games_zones_are_drawn_from_its_json_alone():
    """What Foolery or Three Fools may write: a trick of plays, a binary card, a face-down play
    (null) in a view, per-player piles; drawn without code of their own."""
    from foolsolve.svg import picture_svg

    obj = {"game": "toy-tricks", "players": 3, "to_move": 2, "hands": [["AS", "KS"], ["2H"], []],
           "trick": [[0, "QS"], [1, None]], "binary": "7D", "tricks_won": [1, 0, 2],
           "piles": [["3C"], [], ["4C", "5C"]], "plays": [{"player": 2, "card": "9H"}],
           "table": [{"player": 0, "cards": ["10D", "10S"]}, {"player": 1, "cards": ["XIV"]}],
           "centre": ["down", "JR", None]}
    cards = drawn_cards(picture_svg(obj, title="Toy"))
    by_zone = {(a["data-zone"], a.get("data-owner"), a.get("data-player"), a.get("data-index"), a.get("data-slot"),
                a.get("data-card"), a["data-face"]) for a in cards}
    assert {("trick", None, "0", "0", "0", "QS", "up"), ("trick", None, "1", "1", "0", None, "down"),
            ("binary", None, None, "0", None, "7D", "up"), ("plays", None, "2", "0", "0", "9H", "up"),
            ("table", None, "0", "0", "0", "10D", "up"), ("table", None, "0", "0", "1", "10S", "up"),
            ("table", None, "1", "1", "0", "XIV", "up"),
            ("centre", None, "0", "0", None, None, "down"), ("centre", None, "1", "1", None, "JR", "up"),
            ("hands", "0", None, "0", None, "AS", "up"), ("hands", "1", None, "0", None, "2H", "up"),
            ("piles", "2", None, "1", None, "5C", "up")} <= by_zone
    assert len(cards) == 15  # an empty place (centre[2]) draws no card


def test_foolsolve_position_is_the_notebook_wrapper_imported_on_first_use():
    import foolsolve

    assert foolsolve.Position is Position
    with pytest.raises(AttributeError):
        foolsolve.NoSuchThing  # noqa: B018


def _example_state(name):
    obj = json.loads((EXAMPLES / name).read_text())
    info = games.get(obj["game"])
    return info.spec, info.spec.state_from_json(obj)


def test_pictures_read_like_a_card_table():
    """Headers in words, a cover that leaves the covered card's corner in view, the discard as one
    pile with its count (every card still in the picture; --fan lays it out), no empty row for a
    zone the position does not have, plays side by side, the Fool named as the Fool, a player out
    named by title, past rounds as rows with their captions."""
    import re

    from foolsolve.svg import COVER_DX, COVER_DY

    spec, state = _example_state("durak-midbout.json")
    svg = position_svg(spec, state)
    assert "false" not in svg and "null" not in svg and str(spec.describe(state)).splitlines()[0] in svg
    assert 'data-zone="shown"' not in svg  # podkidnoy: no transfers, no "shown" row
    cover = next(a for a in drawn_cards(svg) if a["data-zone"] == "table" and a.get("data-slot") == "1")
    attack = next(a for a in drawn_cards(svg) if a["data-zone"] == "table" and a.get("data-index") == cover["data-index"]
              and a.get("data-slot") == "0")
    (ax, ay), (cx, cy) = (tuple(map(float, re.findall(r"[-\d.]+", a["transform"]))) for a in (attack, cover))
    assert cx - ax >= COVER_DX >= 18 and cy - ay >= COVER_DY >= 28  # the rank and the corner suit show
    discard = [a for a in drawn_cards(svg) if a["data-zone"] == "discard"]
    xs = {float(re.findall(r"[-\d.]+", a["transform"])[0]) for a in discard}
    assert len(discard) == 23 and max(xs) - min(xs) < 20 and "a pile of 23" in svg
    fanned = [a for a in drawn_cards(position_svg(spec, state, fan=True)) if a["data-zone"] == "discard"]
    assert len({a["transform"] for a in fanned}) == 23 and len(fanned) == 23
    spec, state = _example_state("foolery-endgame.json")
    svg = position_svg(spec, state)
    assert "King (out)" in svg and "Prince (out)" in svg and "the Fool" in svg and "null" not in svg
    spec, state = _example_state("foolery-five-players-midround.json")
    table = [a for a in drawn_cards(position_svg(spec, state)) if a["data-zone"] == "table"]
    xs = sorted(float(re.findall(r"[-\d.]+", a["transform"])[0]) for a in table)
    assert all(b - a >= 36 for a, b in itertools.pairwise(xs))  # no card of the trick hides another
    spec, state = _example_state("three-fools-liar.json")
    svg = position_svg(spec, state)
    assert "1. leader 2, binary up, declared Paper, winner 2" in svg  # the deck's suit name, not a letter
    rounds = [a for a in drawn_cards(svg) if a["data-zone"] == "rounds"]
    rows = {float(re.findall(r"[-\d.]+", a["transform"])[1]) for a in rounds}
    assert len(rows) == 2  # one row a round


D1_VIEW = {"game": "durak", "view": 1, "rules": {"variant": "podkidnoy"}, "trump": "H",
           "hands": [{"count": 5, "known": ["KS"]}, ["6H", "JC", "QC", "10D", "AS", "7S"]],
           "stock": {"count": 3, "bottom": ["9H"]},
           "discard": ["7C", "9C", "10C", "KC", "AC", "6D", "7D", "8D", "JD", "KD", "AD", "8H", "10H", "JH", "QH",
                       "KH", "6S", "8S", "9S", "10S", "QS"],
           "attacker": 0, "defender": 1, "table": [["8C", None]], "to_move": 1, "known": [["KS"], []]}


def test_a_card_known_in_a_hand_is_drawn_once_in_the_hand_and_named_beside_its_player(tmp_path, capsys):
    """``show d1.json --svg`` (a Durak view: player 0 holds K♠, picked up in view of all) drew K♠
    twice, face up in player 0's hand of 5 and again in a zone "known", and gave player 1 an empty
    zone "known (0 cards)". The knowledge field ``known`` is now words beside the player (``known
    K♠``); the card is drawn once, in the hand. So too for a full position and a player's picture."""
    view = tmp_path / "d1.json"
    view.write_text(json.dumps(D1_VIEW))
    code, svg, _ = run(["show", str(view), "--svg", "-"], capsys)
    assert code == 0
    cards = drawn_cards(svg)
    assert {a["data-zone"] for a in cards} == {"hands", "stock", "discard", "table"}
    assert [(a["data-zone"], a.get("data-owner")) for a in cards if a.get("data-card") == "KS"] == [("hands", "0")]
    assert "known K♠" in svg and "known (0" not in svg
    # the full position (one of the view's worlds) and player 1's picture of it (hands by their sizes)
    spec = games.get("durak").spec
    seen = {"KS", "8C", "9H", *D1_VIEW["hands"][1], *D1_VIEW["discard"]}
    rest = [r + s for s in "CDHS" for r in ("6", "7", "8", "9", "10", "J", "Q", "K", "A") if r + s not in seen]
    full = {k: v for k, v in D1_VIEW.items() if k != "view"}
    full.update(hands=[["KS", *rest[:4]], D1_VIEW["hands"][1]], stock=[*rest[4:], "9H"])
    state = spec.state_from_json(full)
    for viewer in (None, 1):
        svg = position_svg(spec, state, viewer)
        ks = [(a["data-zone"], a.get("data-owner"), a["data-face"]) for a in drawn_cards(svg)
              if a.get("data-card") == "KS"]
        assert ks == [("hands", "0", "up")], (viewer, ks)
        assert "known K♠" in svg


def test_a_view_draws_its_hands_sorted_as_the_full_position_does(tmp_path, capsys):
    """``show VIEW --svg`` drew the cards in the file's order (Q♠ 8♠ 6♥ K♦ 10♦ A♣) where text ``show``
    and the full position's picture sort them (A♣ 10♦ K♦ 6♥ 8♠ Q♠): now it sorts them as they do, in
    every zone the view writes out (the discard too), and the picture of the view and the viewer's
    picture of a world of it draw the same face-up cards in the same order."""
    from foolsolve.worlds import Worlds, read_view

    obj = {"game": "durak", "view": 0, "trump": "S", "hands": [["QS", "8S", "6H", "KD", "10D", "AC"], {"count": 6}],
           "stock": {"count": 18, "bottom": ["JS"]}, "discard": ["QH", "6C", "JD", "7C", "8H", "9S"],
           "table": [], "attacker": 0, "defender": 1}
    path = tmp_path / "view.json"
    path.write_text(json.dumps(obj))
    code, svg, _ = run(["show", str(path), "--svg", "-"], capsys)
    assert code == 0

    def up(svg, zone):
        return [a["data-card"] for a in drawn_cards(svg) if a["data-zone"] == zone and a["data-face"] == "up"]

    assert up(svg, "hands") == ["AC", "10D", "KD", "6H", "8S", "QS"]
    code, text, _ = run(["show", str(path)], capsys)
    assert code == 0 and "A♣ 10♦ K♦ 6♥ 8♠ Q♠" in text
    spec = games.get("durak").spec
    world = Worlds(read_view(obj)).first()
    full = position_svg(spec, world, viewer=0)
    for zone in ("hands", "discard", "stock"):
        assert up(svg, zone) == up(full, zone), zone
    # cards written another way (a suit sign, lower case) are sorted alike
    obj["hands"][0] = ["q♠", "8S", "6h", "KD", "10♦", "AC"]
    path.write_text(json.dumps(obj))
    code, svg, _ = run(["show", str(path), "--svg", "-"], capsys)
    assert code == 0 and up(svg, "hands") == ["AC", "10D", "KD", "6H", "8S", "QS"]


def _zone_cards(svg: str, zone: str, owner: str | None = None) -> list[dict[str, str]]:
    return [a for a in drawn_cards(svg) if a["data-zone"] == zone and (owner is None or a.get("data-owner") == owner)]


def _texts(svg: str) -> list[str]:
    return [t.text or "" for t in ET.fromstring(svg).iter(NS + "text")]


@pytest.mark.parametrize("example", sorted(p.name for p in EXAMPLES.glob("fools-and-angels-*.json")))
def test_a_fools_and_angels_picture_draws_the_discard_its_text_prints(example, tmp_path, capsys):
    """A full Fools and Angels position leaves its discard out of its JSON (every card in no zone)
    and the picture drew only the JSON's zones: ``show --svg`` printed a 27-card ``discard:`` line
    above a picture without it. The all-open picture, each player's and a view file's draw it: the
    cards of the text's ``discard:`` line (the put-away cards apart), face up."""
    pos = str(EXAMPLES / example)
    code, text, _ = run(["show", pos, "--ascii"], capsys)
    assert code == 0
    line = next(x for x in text.splitlines() if x.startswith("discard: "))
    want = sorted(canon(t) for t in line.removeprefix("discard: ").split() if t != "-")
    state = games.get("fools-and-angels").spec.state_from_json(json.loads((EXAMPLES / example).read_text()))
    pictures = {"all open": Position.load(pos).svg()}
    for p in (0, 1):
        code, svg, _ = run(["show", pos, "--as", str(p), "--svg", "-"], capsys)
        assert code == 0
        pictures[f"--as {p}"] = svg
        view = tmp_path / f"v{p}.json"
        assert run(["view", pos, "--as", str(p), "--out", str(view)], capsys)[0] == 0
        pictures[f"view {p}"] = Position.load(view).svg()
    for how, svg in pictures.items():
        drawn = _zone_cards(svg, "discard")
        assert sorted(a["data-card"] for a in drawn) == want, how
        assert all(a["data-face"] == "up" for a in drawn), how
    assert want or not state.turns_done  # (the opening has no discard yet)


def _to_the_end(spec, state, rng):
    for _ in range(5000):
        if spec.is_terminal(state):
            return state
        state = spec.apply(state, rng.choice(spec.legal_moves(state)))
    raise AssertionError("no end in 5000 moves")


@pytest.mark.parametrize("name", games.names())
def test_a_finished_games_picture_marks_nobody_to_move(name):
    """A finished game's JSON keeps its last ``to_move``; the picture wrote "to move" (in green) beside
    that player under a title saying "game over". Neither the all-open picture nor any player's marks
    anybody to move; a game that goes on marks exactly its mover."""
    info = games.get(name)
    spec = info.spec
    rng = random.Random(3)
    state = spec.deal(spec.rules_cls(), max(2, info.meta.min_players), rng)
    while spec.to_move(state) < 0:  # a chance node first (who leads): resolved
        state = spec.apply(state, rng.choice(spec.legal_moves(state)))
    mover = spec.to_move(state)

    def marked(svg):
        return [t for t in _texts(svg) if t.startswith("player ") and "to move" in t]

    assert len(marked(position_svg(spec, state))) == 1 and marked(position_svg(spec, state))[0].startswith(
        f"player {mover}")
    end = _to_the_end(spec, state, rng)
    assert spec.result(end) is not None
    for viewer in (None, *range(spec.num_players(end))):
        svg = position_svg(spec, end, viewer)
        assert marked(svg) == [], (viewer, marked(svg))
        assert "game over" in svg or viewer is not None


def _views_agree(pos: Path, p: int, tmp_path: Path, capsys) -> str:
    """``show POS --as P --svg -`` and ``show VIEW --svg -`` of P's view file: the same picture."""
    code, as_p, _ = run(["show", str(pos), "--as", str(p), "--svg", "-"], capsys)
    assert code == 0
    view = tmp_path / f"view-{pos.stem}-{p}.json"
    assert run(["view", str(pos), "--as", str(p), "--out", str(view)], capsys)[0] == 0
    code, of_view, _ = run(["show", str(view), "--svg", "-"], capsys)
    assert code == 0
    assert as_p == of_view
    return as_p


def test_a_players_picture_is_her_view_files_picture(tmp_path, capsys):
    """``show POS --as P --svg`` drew less than P sees, and less than the text printed above it: a
    Three Fools pile's known bottom cards face down, a Durak card shown to transfer as a plain face-down
    card, no Fools and Angels discard; and titled the view otherwise than ``show VIEW --svg``. It draws
    P's view file, the same picture as ``show`` of that file (``foolsolve view --as P``)."""
    svg = _views_agree(EXAMPLES / "three-fools-bluff.json", 1, tmp_path, capsys)
    # player 0's pile: 7 cards, its bottom 3P 10S QP JoS 1R JoR known to player 1 (the text's words)
    pile = _zone_cards(svg, "piles", "0")
    assert len(pile) == 7 and [a.get("data-card") for a in pile if a["data-face"] == "up"] \
        == ["3P", "10S", "QP", "JoS", "1R", "JoR"]
    # a Durak card shown to transfer (transfer_by_showing_trump): known in the hand that holds it
    obj = {"game": "durak", "rules": {"variant": "perevodnoy", "transfer_by_showing_trump": True}, "trump": "D",
           "hands": [["6C", "10C", "QH", "KS", "AC"], ["7D", "9H", "JS", "QC", "6D", "AH"],
                     ["7C", "8S", "10S", "KH", "6S", "AD"]], "stock": ["9C", "JD"], "attacker": 0, "defender": 1,
           "table": [["7S", None]]}
    spec = games.get("durak").spec
    shown = tmp_path / "shown.json"
    shown.write_text(json.dumps(spec.state_to_json(spec.play(spec.state_from_json(obj), "show 7D"))))
    code, text, _ = run(["show", str(shown), "--as", "0"], capsys)
    assert code == 0 and "player 1 (attacker): 6 cards, face down, among them 7♦" in text
    svg = _views_agree(shown, 0, tmp_path, capsys)
    hand = _zone_cards(svg, "hands", "1")
    assert len(hand) == 6 and [a.get("data-card") for a in hand if a["data-face"] == "up"] == ["7D"]
    for example, p in (("fools-and-angels-endgame.json", 0), ("foolery-endgame.json", 1), ("durak-midbout.json", 2)):
        _views_agree(EXAMPLES / example, p, tmp_path, capsys)


def test_a_view_files_picture_names_foolery_titles_and_its_summary(tmp_path, capsys):
    """A view file's picture left out the words the spec adds beside a player (Foolery's titles: the
    text says "King, place 1", the picture "dealer, place 1") and the summary line a full position's
    picture has under its title (so a Durak game without trump never said "no trump"). Both are read
    off a world of the view, as ``show`` of the view prints them."""
    view = tmp_path / "fe1.json"
    assert run(["view", str(EXAMPLES / "foolery-endgame.json"), "--as", "1", "--out", str(view)], capsys)[0] == 0
    svg = Position.load(view).svg()
    assert any(t.startswith("player 0") and "King (out)" in t for t in _texts(svg))
    code, text, _ = run(["show", str(view)], capsys)
    assert code == 0 and text.splitlines()[0] in _texts(svg)[1]
    spec, state = _example_state("durak-bonnet.json")  # trump null
    texts = _texts(position_svg(spec, state, viewer=0))
    assert "no trump" in texts[1] and "no trump" in str(spec.describe(state)).splitlines()[0]


def test_fan_lays_out_a_view_files_discard(tmp_path, capsys):
    """``show VIEW --svg --fan`` drew the discard as one stacked pile, saying "(show --svg --fan lays
    them out)"; it lays the cards out as for a full position. No picture names ``--fan`` (a report
    page's and the Python API's are the command line's), and none names a top card of a discard,
    which keeps no order (a full Durak position's discard is a set: its "top" was its last card sorted)."""
    view = str(EXAMPLES / "views" / "durak-three-players.json")
    code, stacked, _ = run(["show", view, "--svg", "-"], capsys)
    assert code == 0 and "a pile of 8<" in stacked
    code, fanned, _ = run(["show", view, "--svg", "-", "--fan"], capsys)
    assert code == 0
    pile = _zone_cards(fanned, "discard")
    assert len(pile) == 8 and len({a["transform"] for a in pile}) == 8 and "a pile of" not in fanned
    xs = sorted(float(a["transform"].split("(")[1].split(",")[0]) for a in pile)
    assert all(b - a >= 36 for a, b in itertools.pairwise(xs))
    assert Position.load(view).svg() == stacked.rstrip("\n")
    assert "a pile of 23<" in position_svg(*_example_state("durak-midbout.json"))


def test_a_stacked_discard_shows_no_card_on_top():
    """A stacked discard drew every card a little apart, the last in card order face up on top: a
    picture naming a top card of a pile that keeps no order. A plain face with the count covers the
    pile, drawn after every card at the last card's place; the cards stay in the picture's data."""
    svg = position_svg(*_example_state("durak-midbout.json"))
    zone = next(g for g in ET.fromstring(svg).iter(NS + "g") if g.get("class") == "zone"
                and g.get("data-zone") == "discard")
    children = [g for g in zone if g.tag == NS + "g"]
    assert [g.get("class") for g in children] == ["card"] * 23 + ["pile-top"]
    assert children[-1].get("transform") == children[-2].get("transform")
    assert [t.text for t in children[-1].iter(NS + "text")] == ["23"]
    fanned = position_svg(*_example_state("durak-midbout.json"), fan=True)
    assert 'class="pile-top"' not in fanned


def test_three_fools_pictures_name_who_played_each_card_and_a_rounds_bonus_and_penalty():
    """The centre's seat labels (p0 p1 p2) showed only while a seat was empty: once all three cards
    lay there (a Roshambo) nothing said whose each was. Past rounds had no seat labels and left out
    the Roshambo bonus and the lying penalty the text prints. The centre and each round name each
    card's seat (``data-player`` and a label), a round draws its bonus cards by the pile they came
    from and its caption says the penalty as ``show`` does; the count reads "2 rounds"."""
    spec = games.get("three-fools").spec
    rng = random.Random(5)
    state = spec.state_from_json(json.loads((EXAMPLES / "three-fools-first-round.json").read_text()))
    for _ in range(400):  # played on until three cards lie in the centre (a Roshambo)
        if state.phase == "roshambo" or spec.is_terminal(state):
            break
        state = spec.apply(state, rng.choice(spec.legal_moves(state)))
    assert state.phase == "roshambo" and all(c is not None for c in state.centre)
    svg = position_svg(spec, state)
    root = ET.fromstring(svg)
    centre = next(g for g in root.iter(NS + "g") if g.get("class") == "zone" and g.get("data-zone") == "centre")
    cards = [g for g in centre.iter(NS + "g") if g.get("class") == "card"]
    assert [g.get("data-player") for g in cards] == ["0", "1", "2"]
    assert [t.text for t in centre.iter(NS + "text") if t.text in ("p0", "p1", "p2")] == ["p0", "p1", "p2"]
    played = [a for a in _zone_cards(svg, "rounds") if "data-part" not in a]  # the rounds, too: a card a seat
    assert played and all(a.get("data-player") == a["data-slot"] for a in played)

    spec, state = _example_state("three-fools-liar.json")
    svg = position_svg(spec, state)
    bonus = [(a["data-index"], a["data-player"], a["data-card"]) for a in _zone_cards(svg, "rounds")
             if a.get("data-part") == "bonus"]
    assert bonus == [("0", "0", "5P"), ("0", "0", "QR"), ("0", "0", "QS"),
                     ("0", "1", "10P"), ("0", "1", "4P"), ("0", "1", "JoP")]
    texts = _texts(svg)
    assert "bonus p0" in texts and "bonus p1" in texts and "2 rounds" in texts
    penalty = "player 2 lied (declared Rock with 3P): maximum hand size 4 -> 3"
    assert penalty in str(spec.describe(state))
    assert [t for t in texts if t.startswith("2. ")] == [f"2. leader 2, binary down, declared Rock, winner 0; {penalty}"]
    assert not [t for t in texts if t.startswith("1. ") and "lied" in t]


def test_pictures_word_what_they_draw_as_a_player_reads_it():
    """Wording: each player's own zone was labelled by the key of every player's ("hands",
    "stocks"); an empty Foolery table read "0 pairs"; internal counters stood in the subtitle
    ("setup chosen: 0", "drawn: 0", "defender start: 5", "skipped: 6"); and "all cards open
    (analyst)" stood above a Fool's Paradise stock drawn face down because nobody knows its order,
    which the text calls "(order unknown)". A player's zone is "hand", "stock", "pile"; an empty
    zone says "(empty)" only; the counters only the rules' bookkeeping reads are left out, as
    ``show`` leaves them out, and the player skipped (or who passed) is named beside her; the
    unknown order is said in the subtitle and beside the stock."""
    spec, state = _example_state("fools-and-angels-endgame.json")
    texts = _texts(position_svg(spec, state))
    assert "hand" in texts and "stock" in texts and "hands" not in texts and "stocks" not in texts
    assert not any("setup chosen" in t or "drawn:" in t for t in texts)
    spec, state = _example_state("durak-midbout.json")
    assert not any("defender start" in t for t in _texts(position_svg(spec, state, viewer=1)))
    spec, state = _example_state("fools-paradise-three-players-unknown-stock.json")
    texts = _texts(position_svg(spec, state))
    assert texts[2] == "all cards open (analyst) but the stock: order unknown, face down" and "order unknown" in texts
    assert "pile" in texts and "piles" not in texts
    spec = games.get("foolery").spec
    rng = random.Random(2)
    state = spec.deal(spec.rules_cls(), 4, rng)
    texts = _texts(position_svg(spec, state))
    assert "table" in texts and "(empty)" in texts and not any(t.startswith("0 ") for t in texts)
    # an empty zone takes one card's row (an empty table of pairs left room for covers)
    from foolsolve.svg import CARD_H, ROW_GAP

    svg = position_svg(*_example_state("foolery-endgame.json"), viewer=1)
    ys = {t.text: float(t.get("y")) for t in ET.fromstring(svg).iter(NS + "text") if t.text in ("table", "discard")}
    assert ys["discard"] - ys["table"] == CARD_H + 6 + ROW_GAP
    for _ in range(300):  # played on to a skip (an equal single or pair)
        if spec.is_terminal(state) or state.skipped is not None:
            break
        state = spec.apply(state, rng.choice(spec.legal_moves(state)))
    assert state.skipped is not None
    texts = _texts(position_svg(spec, state))
    assert not any("skipped:" in t for t in texts)
    assert any(t.startswith(f"player {state.skipped}:") and "skipped" in t for t in texts)
    for p in state.passed:
        assert any(t.startswith(f"player {p}:") and "passed" in t for t in texts)
    # a zone of empty places (a Three Fools centre before the lead: one a seat) said "0 cards"
    spec, state = _example_state("three-fools-liar.json")
    assert spec.state_to_json(state)["centre"] == [None, None, None]
    texts = _texts(position_svg(spec, state))
    assert "centre" in texts and "(empty)" in texts and not any(t.startswith("0 ") for t in texts)
