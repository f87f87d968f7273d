"""Options of base Saboteur, read from ``KEY=VALUE`` text or a JSON object.

>>> ClassicOptions.parse({"preset": "online-3"}, players=3).bounds
(0, 9, -4, 4)
>>> ClassicOptions.parse({"demo": "true"}, players=4).rounds
1
>>> ClassicOptions.parse({"rounds": "9"}, players=4)
Traceback (most recent call last):
...
saboteur.engine.options.OptionError: option rounds must be 1, 2 or 3, not 9
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from saboteur.engine.options import Option, OptionError, OptionsSchema

STANDARD, ONLINE3 = "standard", "online-3"
PRESETS = (STANDARD, ONLINE3)

SCHEMA = OptionsSchema(
    "classic",
    (
        Option(
            "preset",
            "choice",
            STANDARD,
            choices=PRESETS,
            title={"en": "Preset", "de": "Variante"},
            help={
                "en": "online-3: 3 players (2 diggers + 1 saboteur), a 10×9 maze",
                "de": "online-3: 3 Spieler (2 Goldsucher + 1 Saboteur), ein 10×9-Feld",
            },
            choice_titles={
                STANDARD: {"en": "Standard", "de": "Standard"},
                ONLINE3: {"en": "Online, 3 players", "de": "Online, 3 Spieler"},
            },
        ),
        Option(
            "demo",
            "bool",
            False,
            title={"en": "Demo opening", "de": "Demo-Eröffnung"},
            help={
                "en": "one round that opens with path cards laid",
                "de": "eine Runde, die mit ausgelegten Wegekarten beginnt",
            },
        ),
        Option(
            "rounds",
            "int",
            3,
            choices=(1, 2, 3),
            title={"en": "Rounds", "de": "Runden"},
            help={"en": "the demo opening: 1", "de": "Demo-Eröffnung: 1"},
        ),
        Option(
            "first",
            "seat",
            None,
            title={"en": "First player", "de": "Erster Spieler"},
            help={
                "en": "the seat that starts round 1 (default: drawn at random)",
                "de": "der Platz, der Runde 1 beginnt (sonst ausgelost)",
            },
        ),
    ),
)


@dataclass(frozen=True, slots=True)
class ClassicOptions:
    """``preset``: ``standard`` or ``online-3`` (3 players: 2 diggers + 1 saboteur, a 10×9 maze,
    gold dealt at random); ``demo``: one round that opens with path cards laid;
    ``rounds``: 1-3; ``first``: the seat that starts round 1 (default: drawn from the seed)."""

    preset: str = STANDARD
    demo: bool = False
    rounds: int = 3
    first: int | None = None

    @property
    def online3(self) -> bool:
        return self.preset == ONLINE3

    @property
    def bounds(self) -> tuple[int, int, int, int] | None:
        """The bounded maze of the online-3 preset: x 0..9, y -4..4 (10×9 slots)."""
        return (0, 9, -4, 4) if self.online3 else None

    @classmethod
    def parse(cls, raw: Mapping[str, Any], players: int) -> ClassicOptions:
        given = SCHEMA.read(raw, players)
        preset = given.get("preset", STANDARD)
        if preset == ONLINE3 and players != 3:
            raise OptionError(f"the online-3 preset is for exactly 3 players, not {players}")
        demo = given.get("demo", False)
        rounds = given.get("rounds", 1 if demo else 3)
        if demo and rounds != 1:
            raise OptionError("the demo opening is a single round: rounds must be 1")
        return cls(preset=preset, demo=demo, rounds=rounds, first=given.get("first"))

    def to_json(self) -> dict[str, Any]:
        """Only the options that differ from the defaults (so records stay short)."""
        out: dict[str, Any] = {}
        if self.preset != STANDARD:
            out["preset"] = self.preset
        if self.demo:
            out["demo"] = True
        if self.rounds != (1 if self.demo else 3):
            out["rounds"] = self.rounds
        if self.first is not None:
            out["first"] = self.first
        return out
