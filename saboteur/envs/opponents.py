"""Pluggable opponents for the single-seat environment.

An :class:`Opponent` picks the action of one seat from the state, seeing only
what that seat may know. :func:`make_opponent` builds one from a spec:

- a :mod:`saboteur.bots` spec (``"random"``, ``"heuristic"``, ``"ismcts:iterations=50"``),
  if that package can be imported (it is handed the seat's view and events only);
- ``"uniform"``: a uniform random legal action, without :mod:`saboteur.bots`;
- an :class:`Opponent` instance, or a factory ``(game, seat, seed) -> Opponent``.

>>> from saboteur.engine import new_game
>>> game = new_game("classic", 3)
>>> state = game.new_state(seed=2)
>>> seat = state.current_player
>>> make_opponent("uniform", game, seat, seed=1).act(state, seat) in state.legal_actions()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol, runtime_checkable

from saboteur.engine import Action, Game, State


@runtime_checkable
class Opponent(Protocol):
    """Chooses the action of ``seat`` when it is that seat's turn."""

    def act(self, state: State, seat: int) -> Action: ...


OpponentFactory = Callable[[Game, int, int], Opponent]
OpponentSpec = str | Opponent | OpponentFactory


class UniformOpponent:
    """A uniform choice among the legal actions (ordered by text, so seeded runs repeat)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def act(self, state: State, seat: int) -> Action:
        return self.rng.choice(sorted(state.legal_actions(), key=str))


class BotOpponent:
    """A :mod:`saboteur.bots` bot in a seat: it is shown that seat's view and events only."""

    def __init__(self, spec: str, game: Game, seat: int, seed: int) -> None:
        from saboteur.bots.registry import make_bot

        self.bot = make_bot(spec, game, seat, seed)

    def act(self, state: State, seat: int) -> Action:
        from saboteur.bots.base import choose

        return choose(self.bot, state, seat)


def bots_available() -> bool:
    """Whether :mod:`saboteur.bots` can be imported (it is built separately)."""
    try:
        import saboteur.bots.registry  # noqa: F401
    except ImportError:
        return False
    return True


def make_opponent(spec: OpponentSpec, game: Game, seat: int, seed: int) -> Opponent:
    """An opponent for ``seat`` from ``spec`` (see the module doc)."""
    if isinstance(spec, str):
        if spec == "uniform":
            return UniformOpponent(seed)
        if not bots_available():
            if spec == "random":
                return UniformOpponent(seed)
            raise ValueError(f"opponent {spec!r} needs saboteur.bots, which cannot be imported")
        return BotOpponent(spec, game, seat, seed)
    if isinstance(spec, Opponent):
        return spec
    return spec(game, seat, seed)
