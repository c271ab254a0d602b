"""foolery: its open points in RULES-NOTES (the note beside the seeds), each quoted, with the name
`foolsolve rules` shows for it (an option or a listed reconstruction). Read by
tests/generic/test_rules_notes.py."""

OPEN_POINTS: list[tuple[str, str]] = [
    ("`trump_beats_trump`", "trump_beats_trump"),
    ("`pass_is_final`", "pass_is_final"),
    ("`straight_wrap`", "straight_wrap"),
    ("When the trick winner has gone out", "lead_after_out"),
    ("\"Highest card\" of a flush or straight", "equal_hand_tops"),
    ("The skip after an equal single or pair", "skip_with_two"),
    ("A player who goes out", "going_out"),
    ("The first deal of a game", "deal_extra_cards"),
    ("A player whose only card is the Fool", "stuck_fool_leaves"),
    ("Which cards the King gives back", "highest_cards"),
    ("whether the Fool counts as a trump", "fool_in_trump_lead"),
    ("who deals in later rounds with three players", "three_player_dealer"),
    ("how long a player stuck with the Fool stays in", "stuck_fool_leaves"),
    ("the payoffs per title", "payoffs"),

]
