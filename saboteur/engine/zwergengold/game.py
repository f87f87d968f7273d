"""Zwergengold (2–7 mages) as a :class:`~saboteur.engine.base.Game`, and its options.

>>> ZwergengoldGame(3).config()
{'ruleset': 'zwergengold', 'players': 3, 'options': {}}
>>> game = ZwergengoldGame(4, {"levels": "5", "no_plan": True})
>>> game.levels, game.no_plan, game.options
(5, True, {'levels': 5, 'no_plan': True})
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from saboteur.engine.base import JSON, Action, Event, Game
from saboteur.engine.messages import Message
from saboteur.engine.options import Option, OptionsSchema
from saboteur.engine.ruleset import PlayerRange
from saboteur.engine.zwergengold import words
from saboteur.engine.zwergengold.actions import parse_action
from saboteur.engine.zwergengold.state import ZwergengoldState

LEVELS = Option(
    "levels",
    "int",
    3,
    minimum=2,
    maximum=7,
    title={"en": "Levels", "de": "Ebenen"},
    help={
        "en": "the level of the gold: how many levels down the mages must go (the start is 1)",
        "de": "die Ebene des Goldes: wie tief die Magier hinab müssen (der Start ist Ebene 1)",
    },
)
TABLE = Option(
    "table",
    "int",
    13,
    choices=(9, 11, 13, 15, 17, 19, 21),
    title={"en": "Table size", "de": "Tischgröße"},
    help={
        "en": "cards across the table, the start card in the middle",
        "de": "Karten über den Tisch, die Startkarte in der Mitte",
    },
)
FIRST = Option(
    "first",
    "seat",
    None,
    title={"en": "First player", "de": "Startspieler"},
    help={"en": "the seat that begins (random if none)", "de": "wer beginnt (sonst zufällig)"},
)
NO_PLAN = Option(
    "no_plan",
    "bool",
    False,
    title={"en": "Variant “Kein Plan!”", "de": "Variante „Kein Plan!“"},
    help={
        "en": "stairs set apart, plan cards shuffled in; orc 3 AP, troll 5 AP",
        "de": "Treppen beiseite, Plankarten eingemischt; Ork 3 AP, Troll 5 AP",
    },
)
ROUNDS = Option(
    "rounds",
    "int",
    60,
    minimum=5,
    maximum=500,
    title={"en": "Round limit", "de": "Rundenlimit"},
    help={
        "en": "the game ends without a winner after this many rounds",
        "de": "nach so vielen Runden endet das Spiel ohne Sieger",
    },
)
SCHEMA = OptionsSchema("zwergengold", (LEVELS, TABLE, FIRST, NO_PLAN, ROUNDS))
DEFAULTS = {option.name: option.default for option in SCHEMA.options}


class ZwergengoldGame(Game):
    """Zwergengold: 2 to 7 mages race down the levels of a labyrinth to the gold."""

    ruleset = "zwergengold"
    seats = PlayerRange(2, 7, 4)

    def __init__(self, players: int, options: Mapping[str, Any] | None = None) -> None:
        self.players = self.seats.check(self.ruleset, players)
        given = SCHEMA.read(options or {}, self.players)
        self.options = {k: v for k, v in given.items() if v != DEFAULTS[k]}
        chosen = DEFAULTS | given
        self.levels: int = chosen["levels"]
        self.table: int = chosen["table"]
        self.first: int | None = chosen["first"]
        self.no_plan: bool = chosen["no_plan"]
        self.rounds: int = chosen["rounds"]

    def new_state(self, seed: int) -> ZwergengoldState:
        return ZwergengoldState.deal(self, seed)

    def state_from_json(self, data: JSON) -> ZwergengoldState:
        from saboteur.engine.zwergengold.reading import state_from_json

        return state_from_json(self, data)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def message(self, event: Event) -> Message:
        return words.message(event)

    @classmethod
    def card_names(cls) -> dict[str, Message]:
        return {card: words.card_message(card) for card in words.card_ids()}
