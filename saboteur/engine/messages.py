"""The message catalogue: event texts and card names in English and German, in one place.

An event becomes a :class:`Message`, a catalogue key and its arguments; the texts live in
``messages.json`` files (one shared, one per ruleset) holding every key in every language.
:func:`render` fills a template; the browser's ``messages.js`` fills them the same way
(docs/messages.md). An argument is a number or text, a :class:`Seat` (shown as the
player's name), a nested :class:`Message` (a card, tool or role: named in the language), or
a list of these. A placeholder may say how to show its value: ``{card:id}`` the card's id
instead of its name, ``{winners:and}`` a list joined by "and" (``:or`` by "or", ``:dash``
by a dash), ``{n:plural:card|cards}``
the form for the count ``n`` (or the length of the list ``n``):

>>> lantern = Message("tool.lantern", id="lantern")
>>> broke = Message("event.break", {"actor": Seat(0), "target": Seat(2), "tool": lantern})
>>> render(broke, "en", ["Anna", "Ben", "Carl"])
"Anna broke Carl's lantern"
>>> render(broke, "de", ["Anna", "Ben"])
'Anna hat die Laterne von Platz 2 zerbrochen'
>>> render(Message("classic.gold", {"actor": Seat(1), "cards": 1}), "de", ["Ann", "Ben"])
'Ben hat 1 Goldkarte genommen'
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, TypeAlias

LANGS = ("en", "de")
# the package whose messages.json holds what every ruleset shares; each ruleset's descriptor
# names the package of its own catalogue, added when the ruleset is registered (add_catalogue)
PACKAGES = ("saboteur.engine",)
JOINERS = ("and", "or", "dash")
PLACEHOLDER = re.compile(r"\{(\w+)(?::([^{}]*))?\}")

Catalogue: TypeAlias = dict[str, dict[str, str]]


@dataclass(frozen=True)
class Seat:
    """A seat as a message argument: shown as the player's name (``seat N`` without one)."""

    seat: int | None

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat}


Arg: TypeAlias = "int | str | Seat | Message | Sequence[Arg] | None"


@dataclass(frozen=True)
class Message:
    """A catalogue ``key`` with its ``args``; ``id`` names the thing a nested message names
    (a card's, tool's or role's id), for placeholders with ``:id``."""

    key: str
    args: Mapping[str, Arg] = field(default_factory=dict)
    id: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The message as it travels: ``{"key", "args"[, "id"]}``.

        >>> Message("tool.cart", id="cart").to_json()
        {'key': 'tool.cart', 'args': {}, 'id': 'cart'}
        """
        out: dict[str, Any] = {"key": self.key, "args": {k: _json(v) for k, v in self.args.items()}}
        if self.id is not None:
            out["id"] = self.id
        return out


def _json(value: Arg) -> Any:
    if isinstance(value, Seat | Message):
        return value.to_json()
    if isinstance(value, list | tuple):
        return [_json(v) for v in value]
    return value


def named(message: Message, names: Sequence[str]) -> Message:
    """``message`` with its seats replaced by the players' ``names`` (for texts that travel
    without the table's names, like the server's lines in a game's chat).

    >>> named(Message("server.turn", {"player": Seat(1)}), ["Ann", "Ben"]).to_json()
    {'key': 'server.turn', 'args': {'player': 'Ben'}}
    """

    def swap(value: Arg) -> Arg:
        if isinstance(value, Seat) and isinstance(value.seat, int) and 0 <= value.seat < len(names):
            return names[value.seat]
        if isinstance(value, Message):
            return named(value, names)
        if isinstance(value, list | tuple):
            return [swap(v) for v in value]
        return value

    return Message(message.key, {k: swap(v) for k, v in message.args.items()}, message.id)


def load(packages: Sequence[str] = PACKAGES) -> Catalogue:
    """The catalogues of ``packages`` merged; a key defined twice is an error."""
    out: Catalogue = {}
    for package in packages:
        text = resources.files(package).joinpath("messages.json").read_text(encoding="utf-8")
        entries: Catalogue = json.loads(text)
        twice = sorted(set(out) & set(entries))
        if twice:
            raise ValueError(f"{package} defines keys again: {', '.join(twice)}")
        out.update(entries)
    return out


CATALOGUE = load()
_ADDED: dict[str, set[str]] = {package: set(CATALOGUE) for package in PACKAGES}


def add_catalogue(package: str) -> bool:
    """Add the ``messages.json`` of ``package`` (a ruleset's) to :data:`CATALOGUE`, once; a key
    some other package defines already is an error.  False if it was there already."""
    if package in _ADDED:
        return False
    entries = load([package])
    twice = sorted(set(CATALOGUE) & set(entries))
    if twice:
        raise ValueError(f"{package} defines keys again: {', '.join(twice)}")
    CATALOGUE.update(entries)
    _ADDED[package] = set(entries)
    return True


def remove_catalogue(package: str) -> None:
    """Take the texts :func:`add_catalogue` added for ``package`` out again."""
    for key in _ADDED.pop(package, set()):
        CATALOGUE.pop(key, None)


def placeholders(template: str) -> set[str]:
    """The argument names a template uses.

    >>> sorted(placeholders("{actor} took {cards} gold {cards:plural:card|cards}"))
    ['actor', 'cards']
    """
    return {match.group(1) for match in PLACEHOLDER.finditer(template)}


def render(
    message: Message | Mapping[str, Any],
    lang: str = "en",
    names: Sequence[str] | None = None,
    catalogue: Catalogue = CATALOGUE,
) -> str:
    """The text of ``message`` (or its JSON form) in ``lang``; ``names`` name the seats.

    An unknown key shows as itself, an unknown placeholder stays as it is.
    """
    data = message.to_json() if isinstance(message, Message) else message
    return _Renderer(lang, names, catalogue).message(data)


@dataclass
class _Renderer:
    lang: str
    names: Sequence[str] | None
    catalogue: Catalogue

    def text(self, key: str) -> str:
        entry = self.catalogue.get(key, {})
        return entry.get(self.lang, entry.get("en", key))

    def message(self, data: Mapping[str, Any]) -> str:
        args: Mapping[str, Any] = data.get("args") or {}

        def fill(match: re.Match[str]) -> str:
            name, spec = match.group(1), match.group(2) or ""
            if name not in args:
                return match.group(0)
            return self.value(args[name], spec)

        return PLACEHOLDER.sub(fill, self.text(str(data["key"])))

    def value(self, value: Any, spec: str) -> str:
        flags = spec.split(":")
        if flags[0] == "plural":
            forms = ":".join(flags[1:]).split("|")
            count = len(value) if isinstance(value, list) else value
            return forms[0] if count == 1 else forms[-1]
        if isinstance(value, list):
            joiner = next((self.text(f"list.{f}") for f in flags if f in JOINERS), ", ")
            return joiner.join(self.value(v, spec) for v in value)
        if isinstance(value, dict) and "seat" in value:
            return self.seat(value["seat"])
        if isinstance(value, dict) and "key" in value:
            if "id" in flags and "id" in value:
                return str(value["id"])
            return self.message(value)
        return "None" if value is None else str(value)

    def seat(self, seat: Any) -> str:
        names = self.names
        if isinstance(seat, int) and names is not None and 0 <= seat < len(names):
            return names[seat]
        return self.message({"key": "seat", "args": {"n": seat}})
