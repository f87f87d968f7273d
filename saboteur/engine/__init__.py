"""The rules engine: pure rules, no I/O, deterministic from (ruleset, options, seed, actions).

>>> from saboteur.engine import new_game
>>> state = new_game("classic", players=5).new_state(seed=42)
>>> state.current_player in range(5) and not state.is_over
True
"""

from saboteur.engine.base import Action, Event, Game, IllegalAction, NotationError, State
from saboteur.engine.options import OptionError
from saboteur.engine.records import Record, RecordError
from saboteur.engine.registry import RULESETS, new_game

__all__ = [
    "RULESETS",
    "Action",
    "Event",
    "Game",
    "IllegalAction",
    "NotationError",
    "OptionError",
    "Record",
    "RecordError",
    "State",
    "new_game",
]
