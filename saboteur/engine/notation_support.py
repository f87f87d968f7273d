"""Readers for the state notation that every ruleset shares: checked fields, seats, slots, cards.

Each reader raises :class:`~saboteur.engine.base.NotationError` naming what is wrong::

    >>> need({"round": 2}, "round", int)
    2
    >>> seat(3, 2, "current")
    Traceback (most recent call last):
    ...
    saboteur.engine.base.NotationError: state notation: current must be a seat from 0 to 1
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from saboteur.engine.base import JSON, NotationError
from saboteur.engine.grid import slot_index, within_limits

if TYPE_CHECKING:
    from saboteur.engine.base import Game
    from saboteur.engine.table import TableState

FORMAT = "saboteur-state/1"
T = TypeVar("T")
G = TypeVar("G", bound="Game")


def read_or_refuse(read: Callable[[G, JSON], T], game: G, data: JSON) -> T:
    """``read(game, data)``, with any slip on malformed data raised as a NotationError."""
    try:
        return read(game, data)
    except NotationError:
        raise
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as err:
        raise NotationError(f"state notation is malformed ({type(err).__name__}: {err})") from None


def check_header(game: Game, data: JSON) -> None:
    """The notation is an object of this format, ruleset, player count and options."""
    if not isinstance(data, dict):
        raise NotationError("state notation must be a JSON object")
    if data.get("format") != FORMAT:
        raise NotationError(f"state notation: 'format' must be {FORMAT!r}")
    if data.get("ruleset") != game.ruleset or data.get("players") != game.players:
        raise NotationError("state notation: ruleset or player count differs from the game")
    if data.get("options", {}) != game.options:
        raise NotationError("state notation: options differ from the game's")


def is_int(value: Any) -> bool:
    """A whole number, not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


def need(data: JSON, key: str, kind: type | tuple[type, ...]) -> Any:
    """``data[key]``, which must be there and of ``kind``."""
    if key not in data:
        raise NotationError(f"state notation lacks {key!r}")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise NotationError(f"state notation: {key!r} has the wrong type")
    return value


def seat(value: Any, n: int, what: str) -> int:
    """A seat from 0 to ``n - 1``."""
    if not is_int(value) or not 0 <= value < n:
        raise NotationError(f"state notation: {what} must be a seat from 0 to {n - 1}")
    return int(value)


def seat_lists(data: JSON, key: str, n: int) -> list[Any]:
    """``data[key]``: a list with one entry per seat."""
    value: list[Any] = need(data, key, list)
    if len(value) != n:
        raise NotationError(f"state notation: {key} must hold {n} lists")
    return value


def slot(value: Any, what: str, length: int | None = None) -> int:
    """The slot of ``[x, y, ...]`` (``length``: the exact length, else at least two)."""
    if (
        not isinstance(value, list)
        or (len(value) < 2 if length is None else len(value) != length)
        or not all(is_int(v) for v in value[:2])
        or not within_limits(value[0], value[1])
    ):
        raise NotationError(f"state notation: {what} must start with two coordinates")
    return slot_index(value[0], value[1])


def card_list(value: Any, allowed: Collection[str], what: str) -> list[str]:
    """A list of card names, each in ``allowed``."""
    if not isinstance(value, list) or not all(isinstance(v, str) and v in allowed for v in value):
        raise NotationError(f"state notation: {what} must be a list of card names")
    return list(value)


def read_peeks(
    peeks: list[Any], goal_cards: Mapping[int, str], length: int | None = None
) -> list[dict[int, str]]:
    """Each seat's goals seen through a map, from its list of goal slots."""
    seen_by: list[dict[int, str]] = []
    for seen in peeks:
        if not isinstance(seen, list):
            raise NotationError("state notation: peeks must be lists of slots")
        known: dict[int, str] = {}
        for entry in seen:
            index = slot(entry, "a peek", length)
            if index not in goal_cards:
                raise NotationError("state notation: a peek must name a goal slot")
            known[index] = goal_cards[index]
        seen_by.append(known)
    return seen_by


def check_cards(seen: Counter[str], expected: Counter[str]) -> None:
    """Every path and action card is somewhere, exactly once."""
    if seen != expected:
        wrong = sorted((expected - seen) + (seen - expected))
        raise NotationError(f"state notation: cards are not conserved (check {', '.join(wrong)})")


def read_progress(
    data: JSON, rounds: int, phases: tuple[str, ...], n: int
) -> tuple[int, str, int | None, int]:
    """The round, phase, current seat (``None`` once over, the last phase) and turns."""
    number = need(data, "round", int)
    if not 1 <= number <= rounds:
        raise NotationError(f"state notation: round must be 1 to {rounds}")
    phase = need(data, "phase", str)
    if phase not in phases:
        names = f"{', '.join(phases[:-1])} or {phases[-1]}"
        raise NotationError(f"state notation: phase must be {names}")
    current = None if phase == phases[-1] else seat(data.get("current"), n, "current")
    return number, phase, current, need(data, "turns", int)


def read_goals(data: JSON, allowed: Collection[str]) -> dict[int, str]:
    """The goal cards as slot -> card, from ``data["goals"]``: ``[x, y, goal card]`` each."""
    goals: dict[int, str] = {}
    for entry in need(data, "goals", list):
        card = entry[2] if isinstance(entry, list) and len(entry) == 3 else None
        if not isinstance(card, str) or card not in allowed:
            raise NotationError("state notation: goals must be [x, y, goal card]")
        goals[slot(entry, "a goal")] = card
    return goals


def view_head(state: TableState, player: int | None) -> JSON:
    """The start of every view: ruleset, seats, options, the viewer's seat (``None``: a
    spectator; a seat that does not exist is a ValueError), phase and who is to act."""
    n = state.game.players
    if player is not None and not 0 <= player < n:
        raise ValueError(f"there is no seat {player} (seats 0 to {n - 1})")
    return {
        "ruleset": state.game.ruleset,
        "players": n,
        "options": dict(state.game.options),
        "seat": player,
        "phase": state.phase,
        "current": state.current,
    }


def progress_json(state: TableState) -> JSON:
    """The start of every state notation: format, game, seed, round, phase, current, turns."""
    return {
        "format": FORMAT,
        **state.game.config(),
        "seed": state.seed,
        "round": state.round,
        "phase": state.phase,
        "current": state.current,
        "turns": state.turns,
    }
