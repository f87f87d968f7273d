"""Computer players: ``random``, ``heuristic`` and ``ismcts``, and tournaments between them.

>>> from saboteur.bots import BOTS
>>> sorted(BOTS)
['heuristic', 'ismcts', 'random']
"""

from saboteur.bots.base import Bot, Budget, choose
from saboteur.bots.registry import BOTS, BotSpec, BotSpecError, make_bot, parse_spec

__all__ = ["BOTS", "Bot", "BotSpec", "BotSpecError", "Budget", "choose", "make_bot", "parse_spec"]
