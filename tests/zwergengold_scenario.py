"""Zwergengold scenarios written as state notation: cards laid, mages, AP, supplies.

``scene(cards=[(x, y, card, turns, level, face_up)], mages=[(x, y)], ...)`` reads a state
from a fresh deal's notation with the given parts replaced, so a test says only what matters.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from saboteur.engine import new_game
from saboteur.engine.base import JSON
from saboteur.engine.zwergengold.state import ZwergengoldState

Laid = tuple[int, int, str, int, int, bool]


def scene(
    cards: Sequence[Laid] = (),
    mages: Sequence[tuple[int, int]] = ((0, 0), (0, 0)),
    ap: Sequence[int] | None = None,
    hands: Sequence[Sequence[str]] | None = None,
    pile: Sequence[str] = (),
    turn: int = 0,
    options: dict[str, Any] | None = None,
    **more: Any,
) -> ZwergengoldState:
    """A state of ``len(mages)`` seats, seat ``turn`` to move, with exactly these parts."""
    players = len(mages)
    game = new_game("zwergengold", players, {"first": 0, **(options or {})})
    data: JSON = game.new_state(seed=1).to_json()
    data |= {
        "cards": [list(card) for card in cards],
        "mages": [list(where) for where in mages],
        "ap": list(ap or [7] * players),
        "hands": [list(hand) for hand in (hands or [[]] * players)],
        "pile": list(pile),
        "stairs": [],
        "turn": turn,
        "current": turn,
        **more,
    }
    state = game.state_from_json(data)
    assert isinstance(state, ZwergengoldState)
    return state


def texts(state: ZwergengoldState) -> set[str]:
    """The legal actions as text."""
    return {action.text for action in state.legal_actions()}


def kinds(state: ZwergengoldState, since: int = 0) -> list[str]:
    """The kinds of the events from ``since`` on."""
    return [event.kind for event in state.events[since:]]


def card_with(corridor: str, mark: str | None, skip: int = 0) -> str:
    """A card of the box with ``corridor`` and symbol ``mark`` (``skip``: the next such)."""
    from saboteur.engine.zwergengold import cards as C

    found = [c for c in C.BOX + C.PLAN_CARDS if C.corridor(c) == corridor and C.symbol(c) == mark]
    return found[skip]


def row(*marks: str | None, level: int = 1, y: int = 3, up: bool = True) -> list[Laid]:
    """Crossroads at (1, y), (2, y), ... with the symbols ``marks`` (face up if ``up``; the
    first, where the mage stands, always face up)."""
    out: list[Laid] = []
    used: dict[str | None, int] = {}
    for x, mark in enumerate(marks, 1):
        corridor = "I" if mark in ("trapdoor", "grille", "wall", "lock", "dragon") else "X"
        skip = used[mark] = used.get(mark, -1) + 1
        out.append(
            (
                x,
                y,
                card_with(corridor, mark, skip),
                1 if corridor == "I" else 0,
                level,
                up or x == 1,
            )
        )
    return out


def dealt(players: int, seed: int = 1, **options: Any) -> ZwergengoldState:
    """A fresh deal."""
    from saboteur.engine.zwergengold.game import ZwergengoldGame

    return ZwergengoldGame(players, options).new_state(seed)
