"""Three Fools: the ambiguity explorer's adapter (``foolsolve ambiguities three-fools``).

The generic comparison (the game's solver at the opening position of every deal) with the words
of this game: the solver gives the exact odds of the round about to be led, so the "final result"
of a deal is the opening round's odds for its leader, and their mean over deals is the leader's
chance of winning the opening round. ``max_hand`` and ``binary_start`` set only a fresh deal's
hand sizes and binary card: a position file that states its own (``max_hand``, ``binary``) is
read as that position under every choice (or refused), so there the choice cannot matter."""

from __future__ import annotations

from typing import Any, ClassVar

from foolsolve.ambiguities import GenericAdapter
from foolsolve.rules import json_text


class ThreeFoolsAmbiguity(GenericAdapter):
    """The generic adapter, its results named for the round odds it compares."""

    best_definition = "the opening round's leader's best choice(s) (flip or keep, card, declared suit) by the exact round odds"
    final_definition = ("the opening round's odds for its leader (the chance she wins the round, and that she pays the "
                        "lying penalty) under her best choice")
    mean_definition = "mean chance that the leader wins the opening round"

    FIELDS: ClassVar[dict[str, tuple[str, str]]] = {"max_hand": ("max_hand", "each player's maximum hand size"),
                                                     "binary_start": ("binary", "the binary card's side")}
    """Option -> (the position field that states it, what it is)."""

    no_alternatives: ClassVar[tuple[str, ...]] = ("roshambo",)
    """Open options this adapter states no values for: any Roshambo table other than the uniform one
    would be a choice of strategies the text never gives (with the same table at every seat the odds
    are the uniform ones), so ``--choices`` names them (``--all``'s row says so)."""

    def fixed_at(self, obj: dict[str, Any], option: str) -> str | None:
        """``max_hand`` or ``binary_start`` where the position file states its own field."""
        if option not in self.FIELDS or self.FIELDS[option][0] not in obj:
            return None
        field, what = self.FIELDS[option]
        return (f"option {option} cannot matter: the position's own {field} ({json_text(obj[field])}) fixes {what} "
                "(the option sets it only at a fresh deal)")
