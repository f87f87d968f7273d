"""The Duel (2 players) and its solo mode (1 player) as :class:`~saboteur.engine.base.Game`.

>>> DuelGame(2).config()
{'ruleset': 'duel', 'players': 2, 'options': {}}
>>> SoloGame(1, {"colour": "blue"}).colours
('blue',)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from saboteur.engine.base import JSON, Action, Event, Game
from saboteur.engine.duel import words
from saboteur.engine.duel.actions import parse_action
from saboteur.engine.duel.cards import BLUE, GREEN
from saboteur.engine.duel.layout import DUEL, SOLO, Layout
from saboteur.engine.duel.options import DuelOptions
from saboteur.engine.duel.solo import SoloState
from saboteur.engine.duel.state import DuelState
from saboteur.engine.messages import Message
from saboteur.engine.ruleset import PlayerRange


class DuelGame(Game):
    """Saboteur – The Duel: exactly 2 players, seat 0 the green dwarf, seat 1 the blue one."""

    ruleset = "duel"
    seats = PlayerRange(2, 2, 2)
    layout: Layout = DUEL
    state_class: type[DuelState] = DuelState

    def __init__(self, players: int, options: Mapping[str, Any] | None = None) -> None:
        self.players = self.seats.check(self.ruleset, players)
        self.opts = DuelOptions.parse(options or {}, solo=self.ruleset == "solo")
        self.options = self.opts.to_json()
        self.colours: tuple[str, ...] = (GREEN, BLUE)
        self.start_colours: tuple[str, ...] = (GREEN, BLUE)

    def new_state(self, seed: int) -> DuelState:
        return self.state_class.deal(self, seed)

    def state_from_json(self, data: JSON) -> DuelState:
        from saboteur.engine.duel.notation import state_from_json

        return state_from_json(self, data)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def message(self, event: Event) -> Message:
        return words.message(event, words.places(self.layout, self.start_colours))

    @classmethod
    def card_names(cls) -> dict[str, Message]:
        return {card: words.card_message(card) for card in words.card_ids()}


class SoloGame(DuelGame):
    """The solo mode: one player, one start of the chosen colour (option ``colour``)."""

    ruleset = "solo"
    seats = PlayerRange(1, 1, 1)
    layout = SOLO
    state_class = SoloState

    def __init__(self, players: int, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(players, options)
        self.colours = self.start_colours = (self.opts.colour,)
