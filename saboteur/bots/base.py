"""The bot interface: a bot plays one seat from what that seat may know.

A bot is made with the game (the public table: ruleset, players, options), its
seat, its own seeded random generator and a :class:`Budget`.  It learns only
through :meth:`Bot.observe` (the events its seat may see) and :meth:`Bot.choose`
(its seat's view and legal actions).  :func:`choose` is the one way to run a bot
on a live state: it hands over ``state.view(seat)`` and ``state.events_for(seat)``
and nothing else, so a bot cannot see hidden fields of the state.

>>> import random
>>> from saboteur.engine import new_game
>>> from saboteur.bots.random_bot import RandomBot
>>> game = new_game("classic", 4)
>>> state = game.new_state(seed=1)
>>> seat = state.current_player
>>> bot = RandomBot(game, seat, random.Random(0))
>>> choose(bot, state, seat) in state.legal_actions()
True
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from saboteur.engine import Action, Event, Game, State
from saboteur.engine.base import JSON


@dataclass(frozen=True, slots=True)
class Budget:
    """How long a bot may think per move: ``seconds``, ``iterations`` or both (first reached);
    and, for a search that cuts its playouts short, after how many moves (``depth``; None: the
    bot's own); for a search that compares its candidates with the heuristic's first choice, by
    how many standard errors one must win to be played instead (``margin``; None: the best win
    rate is played); for a search that deals the hidden roles by suspicion, how strongly
    (``belief``: a seat with suspicion s is exp(belief · s) times likelier a saboteur; None: the
    bot's own); for a search that compares the heuristic's best moves at the root, how many
    (``width``; None: the bot's own) and whether it drops the worse half of them in turn
    (``halving``, sequential halving; None: the bot's own)."""

    seconds: float | None = None
    iterations: int | None = None
    depth: int | None = None
    margin: float | None = None
    belief: float | None = None
    width: int | None = None
    halving: bool | None = None

    def describe(self) -> str:
        parts = []
        if self.iterations is not None:
            parts.append(f"iterations={self.iterations}")
        if self.seconds is not None:
            parts.append(f"seconds={self.seconds:g}")
        if self.depth is not None:
            parts.append(f"depth={self.depth}")
        if self.margin is not None:
            parts.append(f"margin={self.margin:g}")
        if self.belief is not None:
            parts.append(f"belief={self.belief:g}")
        if self.width is not None:
            parts.append(f"width={self.width}")
        if self.halving is not None:
            parts.append(f"halving={int(self.halving)}")
        return ":".join(parts)


class Bot(ABC):
    """A player program for one seat; subclasses implement :meth:`choose`."""

    name: ClassVar[str] = "bot"
    default_budget: ClassVar[Budget] = Budget()

    def __init__(
        self, game: Game, seat: int, rng: random.Random, budget: Budget | None = None
    ) -> None:
        if not 0 <= seat < game.players:
            raise ValueError(f"there is no seat {seat} (seats 0 to {game.players - 1})")
        self.game = game
        self.seat = seat
        self.rng = rng
        self.budget = budget or self.default_budget
        self.events_seen = 0  # how many of this seat's events :func:`choose` has passed on
        self.iterations = 0  # search iterations run so far (stays 0 for bots that do not search)

    def observe(self, events: Sequence[Event]) -> None:
        """New events this seat may see, in order (each one once); the default ignores them."""
        return None

    @abstractmethod
    def choose(self, view: JSON, legal: Sequence[Action]) -> Action:
        """One of ``legal`` (never empty), from this seat's ``view``."""


def catch_up(bot: Bot, state: State) -> None:
    """Pass ``bot`` the events of its seat it has not seen yet."""
    events = state.events_for(bot.seat)
    if len(events) < bot.events_seen:  # a state rebuilt without its event log: start afresh
        bot.events_seen = 0
    fresh = events[bot.events_seen :]
    bot.events_seen = len(events)
    if fresh:
        bot.observe(fresh)


def choose(bot: Bot, state: State, seat: int | None = None) -> Action:
    """Let ``bot`` pick the action of its seat in ``state`` from that seat's events and view only.

    Raises ValueError if it is not that seat's turn, RuntimeError if the bot picks illegally.
    """
    seat = bot.seat if seat is None else seat
    if seat != bot.seat:
        raise ValueError(f"this bot plays seat {bot.seat}, not seat {seat}")
    if state.current_player != seat:
        raise ValueError(f"it is not seat {seat}'s turn")
    catch_up(bot, state)
    view = state.view(seat)
    # in a fixed order: the engine's order follows how the maze was built, which the view hides
    legal = [state.game.parse_action(text) for text in sorted(view["legal"])]
    action = bot.choose(view, legal)
    if action not in legal:
        raise RuntimeError(f"bot {bot.name} chose an illegal action {action}")
    return action
