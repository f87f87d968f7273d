"""The ruleset descriptor: everything the other layers need to know about one ruleset.

Each ruleset's package declares one :class:`Ruleset` and the registry
(:mod:`saboteur.engine.registry`) lists them; the command line, bots, tournaments, the server,
the research environments and the browser (through ``/api/rulesets``) are all built from these
descriptors and never branch on a ruleset's name.

Code of higher layers (bots, research environments, statistics) is named by an import path
``"package.module:attribute"`` and loaded only when used, so the engine imports nothing above it.

>>> from saboteur.engine.registry import get_ruleset
>>> classic = get_ruleset("classic")
>>> classic.players.low, classic.players.high, classic.players.default
(3, 10, 4)
>>> [offer.name for offer in classic.bots]
['random', 'heuristic', 'ismcts', 'ismcts-full', 'ismcts-faithful']
>>> classic.title["de"]
'Saboteur'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from saboteur.engine.base import Action, Game, State
from saboteur.engine.options import OptionError, OptionsSchema, Words
from saboteur.engine.views import ViewBase

Result = Literal["win", "loss", "tie"]


def load(path: str) -> Any:
    """The object an import path ``"package.module:attribute"`` names.

    >>> load("saboteur.engine.options:OptionError").__name__
    'OptionError'
    """
    module, _, attribute = path.partition(":")
    return getattr(importlib.import_module(module), attribute)


@dataclass(frozen=True, slots=True)
class PlayerRange:
    """How many seats a table of the ruleset may have, and how many when nobody says."""

    low: int
    high: int
    default: int

    def check(self, ruleset: str, players: object) -> int:
        """``players`` if it is a seat count of this ruleset; else :class:`OptionError`."""
        if isinstance(players, bool) or not isinstance(players, int):
            raise OptionError(f"players must be a whole number, not {players!r}")
        if not self.low <= players <= self.high:
            if self.low == self.high:
                plural = "s" if self.low > 1 else ""
                raise OptionError(
                    f"{ruleset} is for exactly {self.low} player{plural}, not {players}"
                )
            raise OptionError(f"{ruleset} is for {self.low} to {self.high} players, not {players}")
        return players

    def to_json(self) -> dict[str, int]:
        return {"min": self.low, "max": self.high, "default": self.default}


@dataclass(frozen=True, slots=True)
class BotOffer:
    """A bot that plays the ruleset: its name, where its class is, and its budget online.

    ``online`` is the spec the server seats it with (a searching bot: a small budget), or
    ``None`` when hosts may not seat it; ``searching`` bots take ``iterations``/``seconds``.
    """

    name: str
    factory: str  # import path of the bot class, e.g. "saboteur.bots.random_bot:RandomBot"
    online: str | None = None
    searching: bool = False


@dataclass(frozen=True, slots=True)
class Outcome:
    """One counted result of a finished game for a tournament: a seat, its side, how it went."""

    seat: int
    side: str
    result: Result


def first_pass(state: State) -> Action:
    """The usual way to give up a turn: a ``pass`` if one is legal, else the first legal action."""
    legal = state.legal_actions()
    return next((action for action in legal if action.kind == "pass"), legal[0])


@dataclass(frozen=True)
class Ruleset:
    """One ruleset of the family, described for every layer (see the module docstring).

    - ``game``: ``(players, options) -> Game``; raises ``OptionError`` on bad input.
    - ``catalogue``: ``players -> [card entries]`` for ``saboteur cards`` and clients.
    - ``sides``: the roles a tournament reports wins for (empty: the game is played alone and
      scored by points, see ``score_bands``); ``outcomes`` turns a finished game into results.
    - ``bots``: who can play it; ``away_bot``: the spec that plays for an absent player.
    - ``high_scores``: whether finished games count for the high-score list.
    - ``give_up``: the action taken for a player whose clock ran out (and no bot could move).
    - ``announced``: the event kinds the server's game chat tells (and stores): results.
    - ``stats``: import path of the statistics class of ``saboteur simulate``.
    - ``messages``: the package of its message catalogue (``messages.json``: docs/messages.md).
    - ``view_type`` / ``event_types``: its view and its events declared as TypedDicts
      (:mod:`saboteur.engine.views` publishes them as JSON Schema).
    - ``env_adapter`` / ``spiel_core``: import paths of its research-environment pieces, if any.
    """

    name: str
    title: Words
    summary: Words
    game: Callable[[int, Mapping[str, Any] | None], Game]
    players: PlayerRange
    options: OptionsSchema
    catalogue: Callable[[int], list[dict[str, Any]]]
    sides: tuple[str, ...]
    outcomes: Callable[[State], Sequence[Outcome]]
    bots: tuple[BotOffer, ...]
    away_bot: str = "random"
    high_scores: bool = True
    ties: bool = False  # whether tournaments count shared wins as ties
    side_word: str = "role"  # what a tournament table calls a side
    unit_word: str = "rounds"  # what one outcome counts: rounds or games
    give_up: Callable[[State], Action] = first_pass
    announced: tuple[str, ...] = ("round-end", "game-over")  # events the game's chat tells
    stats: str = "saboteur.play.stats:GameStats"
    score_bands: tuple[tuple[int, str], ...] = ()  # (least score, name), best first
    messages: str | None = None  # the package whose messages.json words its events and cards
    view_type: type = ViewBase  # the declared view (a TypedDict on ViewBase)
    event_types: Mapping[str, type] = field(default_factory=dict)  # event kind -> its TypedDict
    env_adapter: str | None = None
    spiel_core: str | None = None

    def new_game(
        self, players: int | None = None, options: Mapping[str, Any] | None = None
    ) -> Game:
        """A game of this ruleset (``players`` defaults to ``players.default``)."""
        return self.game(self.players.default if players is None else players, options)

    def bot(self, name: str) -> BotOffer | None:
        return next((offer for offer in self.bots if offer.name == name), None)

    def online_bots(self) -> dict[str, str]:
        """Bot name -> the spec a host's bot seat is made with."""
        return {offer.name: offer.online for offer in self.bots if offer.online is not None}

    def to_json(self, players: int | None = None) -> dict[str, Any]:
        """What clients need: titles, seats, the options schema, bots, sides and the cards."""
        return {
            "name": self.name,
            "title": dict(self.title),
            "summary": dict(self.summary),
            "players": self.players.to_json(),
            "options": self.options.to_json(),
            "bots": sorted(self.online_bots()),
            "sides": list(self.sides),
            "high_scores": self.high_scores,
            "cards": self.catalogue(self.players.default if players is None else players),
        }
