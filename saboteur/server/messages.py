"""The message catalogue as clients get it: every text in every language, and each ruleset's
cards with the messages naming them. The server answers it at ``GET /api/messages``; the
browser imports the same body from ``web/static/messages.json``, which
``python -m saboteur.server.messages`` writes (a test checks it is up to date).

>>> body = catalogue_body()
>>> body["langs"], body["texts"]["tool.cart"]["de"], body["cards"]["classic"]["map"]["key"]
(['en', 'de'], 'Lore', 'card.map')
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from saboteur.engine import RULESETS
from saboteur.engine.messages import CATALOGUE, LANGS


class MessageCatalogue(BaseModel):
    langs: list[str]
    texts: dict[str, dict[str, str]]  # key -> language -> template
    cards: dict[str, dict[str, dict[str, Any]]]  # ruleset -> card id -> message naming it


def catalogue_body() -> dict[str, Any]:
    """The catalogue and the card names of the rulesets registered now (made once for them)."""
    return _body(tuple(RULESETS), len(CATALOGUE))


@cache
def _body(rulesets: tuple[str, ...], texts: int) -> dict[str, Any]:
    cards: dict[str, dict[str, dict[str, Any]]] = {}
    for name in rulesets:
        names = RULESETS[name].new_game().card_names()
        if names:
            cards[name] = {card: message.to_json() for card, message in names.items()}
    return {"langs": list(LANGS), "texts": dict(CATALOGUE), "cards": cards}


STATIC = Path(__file__).resolve().parent.parent / "web" / "static" / "messages.json"


def static_text() -> str:
    """What ``web/static/messages.json`` holds: the body as JSON, one text or card a line."""

    def lines(entries: dict[str, Any], indent: str) -> str:
        dumped = [
            f"{indent}{json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}"
            for k, v in entries.items()
        ]
        return "{\n" + ",\n".join(dumped) + "\n" + indent[:-1] + "}"

    body = catalogue_body()
    cards = [f'  "{name}": ' + lines(table, "   ") for name, table in body["cards"].items()]
    parts = [
        f' "langs": {json.dumps(body["langs"])}',
        ' "texts": ' + lines(body["texts"], "  "),
        ' "cards": {\n' + ",\n".join(cards) + "\n }",
    ]
    return "{\n" + ",\n".join(parts) + "\n}\n"


if __name__ == "__main__":  # pragma: no cover
    STATIC.write_text(static_text(), encoding="utf-8")
    print(f"wrote {STATIC}")
