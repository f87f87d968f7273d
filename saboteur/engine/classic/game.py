"""Base Saboteur as a :class:`~saboteur.engine.base.Game`.

>>> game = ClassicGame(5, {"demo": "true"})
>>> game.config()
{'ruleset': 'classic', 'players': 5, 'options': {'demo': True}}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from saboteur.engine.base import JSON, Action, Event, Game
from saboteur.engine.classic import words
from saboteur.engine.classic.actions import parse_action
from saboteur.engine.classic.notation import state_from_json
from saboteur.engine.classic.options import ClassicOptions
from saboteur.engine.classic.state import ClassicState
from saboteur.engine.messages import Message
from saboteur.engine.ruleset import PlayerRange


class ClassicGame(Game):
    """Base Saboteur for 3-10 players (the online-3 preset: exactly 3)."""

    ruleset = "classic"
    seats = PlayerRange(3, 10, 4)

    def __init__(self, players: int, options: Mapping[str, Any] | None = None) -> None:
        self.players = self.seats.check(self.ruleset, players)
        self.opts = ClassicOptions.parse(options or {}, players)
        self.options = self.opts.to_json()

    def new_state(self, seed: int) -> ClassicState:
        return ClassicState.deal(self, seed)

    def state_from_json(self, data: JSON) -> ClassicState:
        return state_from_json(self, data)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def message(self, event: Event) -> Message:
        return words.message(event)

    @classmethod
    def card_names(cls) -> dict[str, Message]:
        return {card: words.card_message(card) for card in words.card_ids()}
