"""fools-and-angels: its open points in RULES-NOTES (the note beside the seeds), each quoted, with the name
`foolsolve rules` shows for it (an option or a listed reconstruction). Read by
tests/generic/test_rules_notes.py."""

OPEN_POINTS: list[tuple[str, str]] = [
    ("Stock sizes follow the Asymmetry variant", "stocks"),
    ("Default `stocks`", "stocks"),
    ("`hand_limit`: 7", "hand_limit"),
    ("Regroup: draw at least one card", "regroup_max"),
    ("Attack size:", "attack_size"),
    ("Defence with face cards", "defence_face_cards"),
    ("Face cards: value 0", "face_value"),
    ("a face card affects every pip card", "face_effects"),
    ("End of turn", "end_of_turn"),

]
