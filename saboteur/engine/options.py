"""Options of a ruleset declared as data: one schema checks them everywhere.

A ruleset lists its options once (:class:`Option`); the command line's ``--option``, the server's
``new_game`` and the browser's new-table form are all driven by that list, and ``/api/rulesets``
serves it as JSON.

>>> rounds = Option("rounds", "int", 3, choices=(1, 2, 3), title={"en": "Rounds", "de": "Runden"})
>>> demo = Option("demo", "bool", False)
>>> schema = OptionsSchema("classic", (rounds, demo))
>>> schema.read({"rounds": "2", "demo": "yes"}, players=4)
{'rounds': 2, 'demo': True}
>>> schema.read({"rounds": "9"}, players=4)
Traceback (most recent call last):
...
saboteur.engine.options.OptionError: option rounds must be 1, 2 or 3, not 9
>>> schema.read({"colour": "blue"}, players=4)
Traceback (most recent call last):
...
saboteur.engine.options.OptionError: unknown option 'colour' for classic (known: rounds, demo)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

OptionType = Literal["int", "bool", "choice", "seat"]
Words = Mapping[str, str]  # language code -> text, e.g. {"en": "Rounds", "de": "Runden"}


class OptionError(ValueError):
    """An option (or player count, or ruleset) that does not exist or has a value it cannot take."""


def alternatives(values: Sequence[object]) -> str:
    """``alternatives([1, 2, 3]) == '1, 2 or 3'``."""
    texts = [str(value) for value in values]
    return texts[0] if len(texts) == 1 else f"{', '.join(texts[:-1])} or {texts[-1]}"


def as_bool(key: str, value: Any) -> bool:
    """Read a yes/no option: ``True``/``False`` or text such as ``true``, ``0``, ``on``."""
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("1", "true", "yes", "on"):
        return True
    if text in ("0", "false", "no", "off"):
        return False
    raise OptionError(f"option {key} must be true or false, not {value!r}")


def as_int(key: str, value: Any) -> int:
    """Read a whole-number option (a number or its text; not a bool, not 2.5)."""
    if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()):
        raise OptionError(f"option {key} must be a whole number, not {value!r}")
    try:
        return int(value)
    except (TypeError, ValueError):
        raise OptionError(f"option {key} must be a whole number, not {value!r}") from None


@dataclass(frozen=True, slots=True)
class Option:
    """One option: its name, type, default, allowed values and words for people.

    Types: ``int`` (``choices`` or ``minimum``/``maximum``), ``bool``, ``choice`` (one of the
    text ``choices``) and ``seat`` (a seat number below the player count, or ``random`` for
    none: its default is ``None``).  ``choice_titles`` names each choice for the new-table form.
    """

    name: str
    type: OptionType
    default: Any
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    title: Words = field(default_factory=dict)
    help: Words = field(default_factory=dict)
    choice_titles: Mapping[str, Words] = field(default_factory=dict)

    def read(self, value: Any, players: int) -> Any:
        """``value`` (text or JSON) as this option's type; raises :class:`OptionError`."""
        name = self.name
        if self.type == "bool":
            return as_bool(name, value)
        if self.type == "seat":
            if value in (None, "", "random"):
                return None
            seat = as_int(name, value)
            if not 0 <= seat < players:
                raise OptionError(
                    f"option {name} must be a seat from 0 to {players - 1}, not {value}"
                )
            return seat
        if self.type == "choice":
            text = str(value).strip().lower()
            if text not in self.choices:
                raise OptionError(f"option {name} must be {self._choices_text()}, not {value!r}")
            return text
        number = as_int(name, value)
        if self.choices and number not in self.choices:
            raise OptionError(f"option {name} must be {alternatives(self.choices)}, not {number}")
        low, high = self.minimum, self.maximum
        if (low is not None and number < low) or (high is not None and number > high):
            raise OptionError(f"option {name} must be from {low} to {high}, not {number}")
        return number

    def _choices_text(self) -> str:
        if len(self.choices) == 2:
            return alternatives(self.choices)
        return f"one of {', '.join(self.choices)}"

    def to_json(self) -> dict[str, Any]:
        """The option as data for clients (``/api/rulesets``)."""
        out: dict[str, Any] = {"name": self.name, "type": self.type, "default": self.default}
        if self.choices:
            out["choices"] = list(self.choices)
        if self.minimum is not None:
            out["min"] = self.minimum
        if self.maximum is not None:
            out["max"] = self.maximum
        out["title"] = dict(self.title) or {"en": self.name}
        out["help"] = dict(self.help)
        if self.choice_titles:
            out["choice_titles"] = {key: dict(words) for key, words in self.choice_titles.items()}
        return out


@dataclass(frozen=True, slots=True)
class OptionsSchema:
    """The options of one ruleset, in the order a form shows them."""

    ruleset: str
    options: tuple[Option, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(option.name for option in self.options)

    def read(self, raw: Mapping[str, Any], players: int) -> dict[str, Any]:
        """The options given in ``raw``, each read as its type (missing ones stay missing).

        Cross-option rules (e.g. a preset for one player count only) are the ruleset's.
        """
        unknown = [key for key in raw if key not in self.names]
        if unknown:
            known = ", ".join(self.names) or "none"
            raise OptionError(
                f"unknown option {sorted(unknown)[0]!r} for {self.ruleset} (known: {known})"
            )
        return {
            option.name: option.read(raw[option.name], players)
            for option in self.options
            if option.name in raw
        }

    def to_json(self) -> list[dict[str, Any]]:
        return [option.to_json() for option in self.options]
