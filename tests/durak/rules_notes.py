"""durak: its open points in RULES-NOTES (the note beside the seeds), each quoted, with the name
`foolsolve rules` shows for it (an option or a listed reconstruction). Read by
tests/generic/test_rules_notes.py."""

OPEN_POINTS: list[tuple[str, str]] = [
    ("`deck`: 36 | 52", "deck"),
    ("`first_bout_limit`", "first_bout_limit"),
    ("`bout_limit`", "bout_limit"),
    ("Attack cards in a bout may never exceed", "defender_hand_cap"),
    ("`throw_in_after_take`", "throw_in_after_take"),
    ("`throwers`", "throwers"),
    ("`transfer_by_showing_trump`", "transfer_by_showing_trump"),
    ("`transfer_first_bout`", "transfer_first_bout"),
    ("`transfer_blocked_by_trump`", "transfer_blocked_by_trump"),
    ("`first_bout_sixth_after_take`", "first_bout_sixth_after_take"),
    ("Who is the lead attacker after a transfer", "transfer_lead"),
    ("`redeal_right`", "redeal_right"),
    ("`transfer_cap`", "transfer_cap"),
    ("`draw_outcome`", "draw_outcome"),
    ("Who leads the first bout: lowest trump", "first_lead"),
    ("team play 2v2 or 3v3", "teams"),
    ("team play 2v2 or 3v3", "team_seating"),
    ("team play 2v2 or 3v3", "team_defender"),
    ("a team loses together", "team_end"),
    ("finishing places", "places"),
    ("finishing places", "place_ties"),
    ("exchanging the trump six for the face-up trump", "trump_ace_exchange"),
    ("exchanging the trump six for the face-up trump", "exchange_when"),
    ("exchanging the trump six for the face-up trump", "exchange_six"),

]
