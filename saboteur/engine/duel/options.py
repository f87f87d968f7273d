"""Options of The Duel and solo: ``rounds`` (both) and ``colour`` (solo only).

>>> DuelOptions.parse({"rounds": "2"}, solo=False).to_json()
{'rounds': 2}
>>> DuelOptions.parse({"colour": "blue"}, solo=True).colour
'blue'
>>> DuelOptions.parse({"colour": "blue"}, solo=False)
Traceback (most recent call last):
...
saboteur.engine.options.OptionError: unknown option 'colour' for duel (known: rounds)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from saboteur.engine.duel.cards import COLOURS, GREEN
from saboteur.engine.options import Option, OptionsSchema

ROUNDS = Option(
    "rounds",
    "int",
    3,
    choices=(1, 2, 3),
    title={"en": "Rounds", "de": "Runden"},
)
COLOUR = Option(
    "colour",
    "choice",
    GREEN,
    choices=COLOURS,
    title={"en": "Colour", "de": "Farbe"},
    help={
        "en": "the colour of the one dwarf and its start",
        "de": "die Farbe des Zwergs und seiner Startkarte",
    },
    choice_titles={
        "green": {"en": "green", "de": "grün"},
        "blue": {"en": "blue", "de": "blau"},
    },
)
DUEL_SCHEMA = OptionsSchema("duel", (ROUNDS,))
SOLO_SCHEMA = OptionsSchema("solo", (ROUNDS, COLOUR))


@dataclass(frozen=True, slots=True)
class DuelOptions:
    """``rounds``: 1-3 (default 3); ``colour``: the solo player's dwarf, green or blue."""

    rounds: int = 3
    colour: str = GREEN

    @classmethod
    def parse(cls, raw: Mapping[str, Any], solo: bool) -> DuelOptions:
        given = (SOLO_SCHEMA if solo else DUEL_SCHEMA).read(raw, 2 - solo)
        return cls(rounds=given.get("rounds", 3), colour=given.get("colour", GREEN))

    def to_json(self) -> dict[str, Any]:
        """Only the options that differ from the defaults."""
        out: dict[str, Any] = {}
        if self.rounds != 3:
            out["rounds"] = self.rounds
        if self.colour != GREEN:
            out["colour"] = self.colour
        return out
