"""Rule options as data: validation, JSON, random draws, listing."""

from dataclasses import dataclass

import pytest

from foolsolve.errors import InputError
from foolsolve.rules import option, options_of, random_rules, rules_from_json, rules_to_json


@dataclass(frozen=True)
class ToyRules:
    deck: int = option(36, choices=(36, 52), doc="Cards in the deck.", source="001 §General")
    mode: str = option("a", choices=("a", "b"), doc="Mode.", source="nowhere", reconstructed=True)
    cap: bool = option(True, doc="A fixed rule.", source="001", fixed=True, choices=(True,))


def test_defaults_and_listing():
    r = rules_from_json(ToyRules, None)
    assert r == ToyRules()
    infos = {o.name: o for o in options_of(ToyRules)}
    assert infos["mode"].reconstructed and infos["cap"].fixed and infos["deck"].source == "001 §General"


def test_unknown_option_names_the_field():
    with pytest.raises(InputError, match=r"rules\.decks: unknown rule option"):
        rules_from_json(ToyRules, {"decks": 52})


def test_bad_value_names_the_field_and_the_choices():
    with pytest.raises(InputError, match=r"rules\.deck: 40 is not one of 36 \| 52"):
        rules_from_json(ToyRules, {"deck": 40})
    with pytest.raises(InputError, match="rules: expected an object"):
        rules_from_json(ToyRules, [1])


def test_json_round_trip_and_only_changed():
    r = rules_from_json(ToyRules, {"deck": 52})
    assert rules_from_json(ToyRules, rules_to_json(r)) == r
    assert rules_to_json(r, only_changed=True) == {"deck": 52}


def test_random_rules_cover_choices_and_respect_pins():
    import random

    rng = random.Random(1)
    seen = {random_rules(ToyRules, rng).deck for _ in range(50)}
    assert seen == {36, 52}
    assert all(random_rules(ToyRules, rng, deck=52).deck == 52 for _ in range(10))
