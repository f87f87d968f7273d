"""The Dark Cave (2–8 players) as a :class:`~saboteur.engine.base.Game`.

>>> DarkCaveGame(5).config()
{'ruleset': 'darkcave', 'players': 5, 'options': {}}
>>> DarkCaveGame(4, {"agreed_end": False}).agreed_end
False
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from saboteur.engine.base import JSON, Action, Event, Game
from saboteur.engine.darkcave import words
from saboteur.engine.darkcave.actions import parse_action
from saboteur.engine.darkcave.state import DarkCaveState
from saboteur.engine.messages import Message
from saboteur.engine.options import Option, OptionsSchema
from saboteur.engine.ruleset import PlayerRange

AGREED_END = Option(
    "agreed_end",
    "bool",
    True,
    title={"en": "Ending by agreement", "de": "Ende nach Absprache"},
    help={
        "en": "a player may propose to end the game; it ends if all others agree",
        "de": "wer am Zug ist, darf das Ende vorschlagen; es endet, wenn alle zustimmen",
    },
)
SCHEMA = OptionsSchema("darkcave", (AGREED_END,))


class DarkCaveGame(Game):
    """Saboteur – The Dark Cave: 2 to 8 players in two clans."""

    ruleset = "darkcave"
    seats = PlayerRange(2, 8, 4)

    def __init__(self, players: int, options: Mapping[str, Any] | None = None) -> None:
        self.players = self.seats.check(self.ruleset, players)
        given = SCHEMA.read(options or {}, self.players)
        self.agreed_end: bool = given.get("agreed_end", True)
        self.options = {} if self.agreed_end else {"agreed_end": False}

    def new_state(self, seed: int) -> DarkCaveState:
        return DarkCaveState.deal(self, seed)

    def state_from_json(self, data: JSON) -> DarkCaveState:
        from saboteur.engine.darkcave.reading import state_from_json

        return state_from_json(self, data)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def message(self, event: Event) -> Message:
        return words.message(event, words.places(self.players))

    @classmethod
    def card_names(cls) -> dict[str, Message]:
        return {card: words.card_message(card) for card in words.card_ids()}
