"""fools-paradise: its open points in RULES-NOTES (the note beside the seeds), each quoted, with the name
`foolsolve rules` shows for it (an option or a listed reconstruction). Read by
tests/generic/test_rules_notes.py."""

OPEN_POINTS: list[tuple[str, str]] = [
    ("`ace`: `either`", "ace"),
    ("`played_card`", "played_card"),
    ("`card_points`", "card_points"),
    ("`last_card_sweep_counts_as_clear`", "last_card_sweep_counts_as_clear"),
    ("`decks`: 1 | n", "decks"),
    ("When the stock is too small to refill the centre", "refill_short_stock"),
    ("the \"Fool's Paradise\" move read as a", "fools_paradise_is_a_lay"),
    ("at most one collection per turn", "one_collection_per_turn"),

]
