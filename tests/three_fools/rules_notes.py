"""three-fools: its open points in RULES-NOTES (the note beside the seeds), each quoted, with the name
`foolsolve rules` shows for it (an option or a listed reconstruction). Read by
tests/generic/test_rules_notes.py."""

OPEN_POINTS: list[tuple[str, str]] = [
    ("`roshambo`: `uniform`", "roshambo"),
    ("`streak_to_win`", "streak_to_win"),
    ("`max_hand`", "max_hand"),
    ("Binary card starts DOWN", "binary_start"),
    ("Which card is \"highest\"", "no_rank_ties"),
    ("The first leader", "first_leader"),
    ("The flip:", "flip_is_a_move"),
    ("The declaration is one of the three suits", "declaration"),
    ("Hidden information", "hidden_information"),
    ("Short piles", "short_piles"),
    ("When is a loss checked", "loss_check"),
    ("the order in which the collected", "collect_order"),
    ("\"single-elimination Roshambo\"", "roshambo_format"),

]
