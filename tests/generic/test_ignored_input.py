"""Input that changes nothing is said so in one line, or refused where the combination is
meaningless: ambiguities' --rules setting the option compared, show --fan without --svg, the solver
option stock_order_known where no stock is left."""

from __future__ import annotations

import json
from pathlib import Path

from tests.generic.batch_helpers import call_main

EXAMPLES = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"


def test_ambiguities_says_that_the_choices_replace_the_rules_value_of_the_option_compared() -> None:
    args = ["ambiguities", "fools-paradise", "--option", "ace", "--rules", '{"ace": "low"}', "--deals", "1",
            "--no-witness", "--no-store"]
    code, out, err = call_main(args)
    assert code == 0, err
    assert out.splitlines()[0] == 'note: --rules sets ace="low", the option compared: each choice below replaces it'
    code, out, err = call_main([*args, "--json"])
    assert code == 0 and json.loads(out)["rules_overridden"] == "ace", err
    # an option --rules leaves alone: no note
    code, out, _ = call_main(["ambiguities", "fools-paradise", "--option", "ace", "--rules", '{"card_points": "count"}',
                              "--deals", "1", "--no-witness", "--no-store"])
    assert code == 0 and "note: --rules sets" not in out


def test_show_fan_without_svg_is_refused() -> None:
    code, out, err = call_main(["show", str(EXAMPLES / "durak-endgame.json"), "--fan"])
    assert code == 2 and out == "" and err == "foolsolve: error: --fan: only with --svg (it lays out the picture's " \
                                              "discard piles)\n", err


def test_stock_order_known_with_no_stock_left_is_noted_as_not_applied() -> None:
    for name, why in (("fools-paradise-endgame.json", "the draw pile is empty"),
                      ("fools-and-angels-endgame.json", "every stock is empty")):
        code, out, err = call_main([str(EXAMPLES / name), "-o", "stock_order_known=true", "--no-store", "--json"])
        assert code == 0, err
        notes = [n for n in json.loads(out).get("notes", []) if "stock_order_known" in n]
        assert notes == [f"not applied: -o stock_order_known ({why}: no "
                         f"{'draw' if 'paradise' in name else 'stock'} order to take as known)"], out
        code, out, _ = call_main([str(EXAMPLES / name), "--no-store", "--json"])
        assert not any("not applied" in n for n in json.loads(out).get("notes", [])), out
