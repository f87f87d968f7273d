"""Options of The Duel and solo: ``rounds`` (both) and ``colour`` (solo only).

>>> DuelOptions.parse({"rounds": "2"}, solo=False).to_json()
{'rounds': 2}
>>> DuelOptions.parse({"colour": "blue"}, solo=True).colour
'blue'
>>> DuelOptions.parse({"colour": "blue"}, solo=False)
Traceback (most recent call last):
...
saboteur.engine.classic.options.OptionError: unknown option 'colour' for duel (known: rounds)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from saboteur.engine.classic.options import OptionError, _as_int
from saboteur.engine.duel.cards import COLOURS, GREEN


@dataclass(frozen=True, slots=True)
class DuelOptions:
    """``rounds``: 1-3 (default 3); ``colour``: the solo player's dwarf, green or blue."""

    rounds: int = 3
    colour: str = GREEN

    @classmethod
    def parse(cls, raw: Mapping[str, Any], solo: bool) -> DuelOptions:
        known = ("rounds", "colour") if solo else ("rounds",)
        unknown = sorted(set(raw) - set(known))
        if unknown:
            name = "solo" if solo else "duel"
            raise OptionError(
                f"unknown option {unknown[0]!r} for {name} (known: {', '.join(known)})"
            )
        rounds = _as_int("rounds", raw.get("rounds", 3))
        if rounds not in (1, 2, 3):
            raise OptionError(f"option rounds must be 1, 2 or 3, not {rounds}")
        colour = str(raw.get("colour", GREEN)).strip().lower()
        if colour not in COLOURS:
            raise OptionError(f"option colour must be green or blue, not {raw.get('colour')!r}")
        return cls(rounds=rounds, colour=colour)

    def to_json(self) -> dict[str, Any]:
        """Only the options that differ from the defaults."""
        out: dict[str, Any] = {}
        if self.rounds != 3:
            out["rounds"] = self.rounds
        if self.colour != GREEN:
            out["colour"] = self.colour
        return out
