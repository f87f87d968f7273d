"""The message catalogue as the browser gets it (``GET /api/messages``): every text in every
language, and each ruleset's cards with the messages naming them.

>>> body = catalogue_body()
>>> body["langs"], body["texts"]["tool.cart"]["de"], body["cards"]["classic"]["map"]["key"]
(['en', 'de'], 'Lore', 'card.map')
"""

from __future__ import annotations

from functools import cache
from typing import Any

from pydantic import BaseModel

from saboteur.engine import RULESETS
from saboteur.engine.messages import CATALOGUE, LANGS


class MessageCatalogue(BaseModel):
    langs: list[str]
    texts: dict[str, dict[str, str]]  # key -> language -> template
    cards: dict[str, dict[str, dict[str, Any]]]  # ruleset -> card id -> message naming it


@cache
def catalogue_body() -> dict[str, Any]:
    """The catalogue and the rulesets' card names (made once: they never change)."""
    cards: dict[str, dict[str, dict[str, Any]]] = {}
    for name, factory in sorted(RULESETS.items()):
        names = getattr(factory, "card_names", None)
        if names is not None:
            cards[name] = {card: message.to_json() for card, message in names().items()}
    return {"langs": list(LANGS), "texts": CATALOGUE, "cards": cards}
