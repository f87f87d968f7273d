"""The ``random`` bot: uniform over the legal actions.

>>> import random
>>> from saboteur.engine import new_game
>>> game = new_game("classic", 3)
>>> bot = RandomBot(game, 0, random.Random(5))
>>> legal = [game.parse_action(text) for text in ("pass:NS", "pass:EW")]
>>> bot.choose({}, legal) in legal
True
"""

from __future__ import annotations

from collections.abc import Sequence

from saboteur.bots.base import Bot
from saboteur.engine import Action
from saboteur.engine.base import JSON
from saboteur.engine.chance import choice


class RandomBot(Bot):
    """Picks any legal action, each equally likely."""

    name = "random"

    def choose(self, view: JSON, legal: Sequence[Action]) -> Action:
        return choice(self.rng, list(legal))
