"""Computer players: ``random``, ``heuristic`` and ``ismcts``, and tournaments between them
(to compare against: ``ismcts-full``, the search with playouts to the round's end, and
``ismcts-faithful``, the search whose playouts judge the tunnel as an onlooker's memory does).

>>> from saboteur.bots import bot_names
>>> bot_names()
['heuristic', 'ismcts', 'ismcts-faithful', 'ismcts-full', 'random']
"""

from saboteur.bots.base import Bot, Budget, choose
from saboteur.bots.registry import BotSpec, BotSpecError, bot_names, make_bot, parse_spec

__all__ = [
    "Bot",
    "BotSpec",
    "BotSpecError",
    "Budget",
    "bot_names",
    "choose",
    "make_bot",
    "parse_spec",
]
