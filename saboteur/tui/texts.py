"""Words in the reader's language: the server's message catalogue, and the client's own labels.

Event texts, server announcements, card, tool and role names and places come from the
[message catalogue](../../docs/messages.md) as the server serves it (``GET /api/messages``),
rendered by the engine's formatter (:func:`saboteur.engine.messages.render`); the terminal
client has no second copy of them.  Its own labels (buttons, panel titles, hints) are in
``labels.json`` beside this module, in the catalogue's form (key -> language -> template),
and rendered by the same formatter.

>>> from saboteur.server.messages import catalogue_body
>>> texts = Texts(catalogue_body(), "de")
>>> texts.t("lobby.tables"), texts.card("classic", "map")
('Tische', 'Schatzkarte')
>>> texts.render({"key": "server.turn", "args": {"player": "Ann"}})
'Ann ist am Zug.'
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import cache
from importlib import resources
from typing import Any

from saboteur.engine.messages import render

LANGS = ("en", "de")


@cache
def labels() -> dict[str, dict[str, str]]:
    """The client's own labels: key -> language -> template."""
    text = resources.files("saboteur.tui").joinpath("labels.json").read_text(encoding="utf-8")
    loaded: dict[str, dict[str, str]] = json.loads(text)
    return loaded


class Texts:
    """The catalogue (``body``: what ``GET /api/messages`` answers) and the labels in ``lang``."""

    def __init__(self, body: Mapping[str, Any], lang: str = "en") -> None:
        self.lang = lang if lang in LANGS else "en"
        self.cards: dict[str, dict[str, Any]] = dict(body.get("cards") or {})
        self.catalogue: dict[str, dict[str, str]] = {**(body.get("texts") or {}), **labels()}

    def t(self, key: str, **args: Any) -> str:
        """A label (or any catalogue text) with its ``{placeholders}`` filled."""
        return render({"key": key, "args": args}, self.lang, None, self.catalogue)

    def render(self, message: Mapping[str, Any], names: Sequence[str] | None = None) -> str:
        """A catalogue message (an event's, a server line's) in the reader's language."""
        return render(message, self.lang, names, self.catalogue)

    def card(self, ruleset: str | None, card: str | None) -> str:
        """A card's name in words, as the ruleset's catalogue names it (else its id)."""
        if card is None:
            return self.t("card.hidden")
        named = self.cards.get(ruleset or "", {}).get(card)
        return self.render(named) if named else card

    def title(self, words: Mapping[str, str] | None, fallback: str = "") -> str:
        """A descriptor's text by language (``{"en": …, "de": …}``)."""
        if not words:
            return fallback
        return words.get(self.lang) or words.get("en") or next(iter(words.values()), fallback)

    def event(self, event: Mapping[str, Any], names: Sequence[str]) -> str:
        """An event in words: its message, else the server's English text, else its kind."""
        message = event.get("message")
        if isinstance(message, Mapping):
            return self.render(message, names)
        return str(event.get("text") or event.get("kind") or "")

    def error(self, code: str, message: str) -> str:
        """A server error in words: the client's text for its code where it has one."""
        key = f"err.{code}"
        return self.t(key, message=message) if key in self.catalogue else message
