"""The interface every ruleset implements: Game, State, Action, Event.

Modelled on OpenSpiel's Game/State split and python-chess's Board API: a
:class:`Game` describes a table (ruleset, players, options) and deals states;
a :class:`State` answers whose turn it is, what is legal, applies actions and
shows each player exactly what they may know.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar, Generic, TypeVar, cast

from saboteur.engine.messages import Message, render
from saboteur.engine.moves import JSON as JSON
from saboteur.engine.moves import Action as Action
from saboteur.engine.moves import Event as Event


class IllegalAction(ValueError):
    """An action the rules forbid here; ``rule`` names the rule (e.g. ``path.sides-match``).

    >>> err = IllegalAction("path.occupied", "slot (3,0) already holds a card")
    >>> str(err)
    'path.occupied: slot (3,0) already holds a card'
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message


class NotationError(ValueError):
    """Text that is not a valid action, state or record in the notation."""


class State:
    """One moment of one game.

    Not an ``ABC`` (its methods are abstract for the type checker only): the compiled states
    (``saboteur/native.py``) would share this class's ``isinstance`` cache, and a Duel state
    could pass for a classic one.
    """

    game: Game
    seed: int
    events: list[Event]
    history: list[str]
    round: int | None = None  # the round being played (1, 2, ...); None: the game has no rounds

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat to act, or ``None`` once the game is over."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @property
    @abstractmethod
    def scores(self) -> list[int]:
        """Each seat's score so far (gold for the Saboteur games)."""

    @property
    @abstractmethod
    def winners(self) -> list[int]:
        """Seats that won (several on a tie); empty until the game is over."""

    @abstractmethod
    def legal_actions(self) -> list[Action]: ...

    @abstractmethod
    def apply(self, action: Action | str, player: int | None = None) -> None:
        """Apply the current player's action (``player``, if given, must be the current one).

        Raises IllegalAction naming the rule; a refused action changes nothing.
        """

    @abstractmethod
    def view(self, player: int | None) -> JSON:
        """What ``player`` may know (``None``: a spectator), JSON-ready."""

    def replay_view(self, player: int) -> JSON:
        """``player``'s view for a replay of the finished game, where nothing is secret any more:
        the view with whatever face-down cards the ruleset can show (default: the view itself)."""
        return self.view(player)

    def render(self, player: int | None = None) -> str:
        """The board as plain text, as ``player`` may see it (``None``: the public picture)."""
        raise NotImplementedError(f"{type(self).__name__} has no text rendering")

    @abstractmethod
    def to_json(self) -> JSON:
        """The full state notation (contains every secret: for the server and tests only)."""

    @abstractmethod
    def clone(self) -> State: ...

    def events_for(self, player: int | None, start: int = 0) -> list[Event]:
        """The events from index ``start`` that ``player`` may see."""
        return [event for event in self.events[start:] if event.visible_to(player)]


class Game(ABC):
    """A ruleset with a player count and options; deals new states."""

    ruleset: str
    players: int
    options: Mapping[str, Any]

    @abstractmethod
    def new_state(self, seed: int) -> State: ...

    @abstractmethod
    def state_from_json(self, data: JSON) -> State: ...

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Text to action; raises NotationError on text that is not an action of this ruleset."""

    @abstractmethod
    def message(self, event: Event) -> Message:
        """An event as a message of the catalogue (docs/messages.md)."""

    @classmethod
    def card_names(cls) -> dict[str, Message]:
        """Every card (and shape) id of the ruleset with the message naming it."""
        return {}

    def describe(self, event: Event, names: list[str] | None = None) -> str:
        """An event in English words (``names`` replaces ``seat N``)."""
        return render(self.message(event), "en", names)

    def config(self) -> JSON:
        return {"ruleset": self.ruleset, "players": self.players, "options": dict(self.options)}


S = TypeVar("S", bound=State)


class PackageGame(Game, Generic[S]):
    """A :class:`Game` whose parts are modules of its ruleset's ``package``, named once:
    ``actions.parse_action``, ``reading.state_from_json``, ``words.message`` /
    ``card_message`` / ``card_ids``; ``state_type.deal(game, seed)`` deals a new state.

    A ruleset's game then holds only what is its own: the table and the options.
    """

    package: ClassVar[str]
    state_type: ClassVar[Any]

    @classmethod
    def part(cls, module: str, name: str) -> Any:
        """``name`` from the module ``module`` of the ruleset's package (imported on first use)."""
        return getattr(importlib.import_module(f"{cls.package}.{module}"), name)

    def new_state(self, seed: int) -> S:
        return cast(S, self.state_type.deal(self, seed))

    def state_from_json(self, data: JSON) -> S:
        return cast(S, self.part("reading", "state_from_json")(self, data))

    def parse_action(self, text: str) -> Action:
        return cast(Action, self.part("actions", "parse_action")(text))

    def message(self, event: Event) -> Message:
        return cast(Message, self.part("words", "message")(event))

    @classmethod
    def card_names(cls) -> dict[str, Message]:
        named = cls.part("words", "card_message")
        return {card: named(card) for card in cls.part("words", "card_ids")()}
