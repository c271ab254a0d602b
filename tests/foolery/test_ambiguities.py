"""``foolsolve ambiguities foolery --option trump_beats_trump``: the adapter finds a smallest
position where the two readings change the best move, checked by minimax over the spec."""

from __future__ import annotations

from foolsolve import games
from foolsolve.ambiguities import adapter_for, compare_deals, find_witness
from foolsolve.solver import minimax
from foolsolve.spec.foolery import SPEC


def test_the_smallest_witness_for_trump_beats_trump() -> None:
    info = games.get("foolery")
    adapter = adapter_for(info)
    w = find_witness(adapter, "trump_beats_trump", ["fewer", "same"], seed=0, max_size=6, tries=150)
    assert w is not None and w.report.disagree
    # three cards cannot differ: one trump on the table is beaten by one higher trump under both readings
    assert w.size == 4
    for a in w.report.analyses:
        s = adapter.state_with(w.position, "trump_beats_trump", a.choice)
        values = minimax.move_values(SPEC, s)
        top = max(values.values())
        assert sorted(m for m, v in values.items() if v == top) == a.best


def test_deals_compare_small_open_hand_endgames() -> None:
    adapter = adapter_for(games.get("foolery"), 3)
    rep = compare_deals(adapter, "trump_beats_trump", ["fewer", "same"], 3, 0)
    assert rep.deals == 3 and rep.skipped == 0


def test_the_command_with_the_explorers_default_players(capsys) -> None:
    """The explorer's default ``--players 2`` means a three-player table; ``--players 5`` deals
    five-player endgames with two players still holding cards."""
    from foolsolve import cli

    for args in ([], ["--players", "5"]):
        try:
            cli.main(["ambiguities", "foolery", "--option", "trump_beats_trump", "--deals", "2", "--no-witness",
                      "--json", *args])
            code = 0
        except SystemExit as exc:
            code = int(exc.code or 0)
        out, err = capsys.readouterr()
        assert code == 0, err
        assert '"deals"' in out
    adapter = adapter_for(games.get("foolery"), 5)
    import random

    s = adapter.deal(SPEC.rules_cls(), random.Random(1))
    assert s.players == 5 and [s.active(p) for p in range(5)] == [True, True, False, False, False]
