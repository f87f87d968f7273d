"""Options of base Saboteur, read from ``KEY=VALUE`` text or a JSON object.

>>> ClassicOptions.parse({"preset": "online-3"}, players=3).bounds
(0, 9, -4, 4)
>>> ClassicOptions.parse({"demo": "true"}, players=4).rounds
1
>>> ClassicOptions.parse({"rounds": "9"}, players=4)
Traceback (most recent call last):
...
saboteur.engine.classic.options.OptionError: option rounds must be 1, 2 or 3, not 9
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

STANDARD, ONLINE3 = "standard", "online-3"
PRESETS = (STANDARD, ONLINE3)
KNOWN = ("preset", "demo", "rounds", "first")


class OptionError(ValueError):
    """An option that does not exist or has a value it cannot take."""


def _as_bool(key: str, value: Any) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("1", "true", "yes", "on"):
        return True
    if text in ("0", "false", "no", "off"):
        return False
    raise OptionError(f"option {key} must be true or false, not {value!r}")


def _as_int(key: str, value: Any) -> int:
    if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()):
        raise OptionError(f"option {key} must be a whole number, not {value!r}")
    try:
        return int(value)
    except (TypeError, ValueError):
        raise OptionError(f"option {key} must be a whole number, not {value!r}") from None


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
        unknown = sorted(set(raw) - set(KNOWN))
        if unknown:
            raise OptionError(
                f"unknown option {unknown[0]!r} for classic (known: {', '.join(KNOWN)})"
            )
        preset = str(raw.get("preset", STANDARD))
        if preset not in PRESETS:
            raise OptionError(f"option preset must be one of {', '.join(PRESETS)}, not {preset!r}")
        if preset == ONLINE3 and players != 3:
            raise OptionError(f"the online-3 preset is for exactly 3 players, not {players}")
        demo = _as_bool("demo", raw.get("demo", False))
        rounds = _as_int("rounds", raw.get("rounds", 1 if demo else 3))
        if rounds not in (1, 2, 3):
            raise OptionError(f"option rounds must be 1, 2 or 3, not {rounds}")
        if demo and rounds != 1:
            raise OptionError("the demo opening is a single round: rounds must be 1")
        first = raw.get("first")
        first_seat = None if first in (None, "", "random") else _as_int("first", first)
        if first_seat is not None and not 0 <= first_seat < players:
            raise OptionError(f"option first must be a seat from 0 to {players - 1}, not {first}")
        return cls(preset=preset, demo=demo, rounds=rounds, first=first_seat)

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
