"""Dark Cave scenarios from the state notation: lay cards, hand them out, stand dwarfs.

>>> data = dealt(2)
>>> lay(data, 1, 0, "I-EW")
>>> state = load(data)
>>> state.maze.cells[slot_index(1, 0)] == C.SHAPES.by_name["I-EW"]
True
"""

from __future__ import annotations

from typing import Any

from saboteur.engine import new_game
from saboteur.engine.darkcave import cards as C
from saboteur.engine.darkcave.state import DarkCaveState
from saboteur.engine.grid import slot_index

JSON = dict[str, Any]


def dealt(players: int = 2, seed: int = 1, **options: Any) -> JSON:
    """A freshly dealt game's notation (the agreed end off unless asked for)."""
    options.setdefault("agreed_end", False)
    state = new_game("darkcave", players, options).new_state(seed)
    assert isinstance(state, DarkCaveState)
    return state.to_json()


def fresh(players: int, seed: int, **options: Any) -> DarkCaveState:
    """A freshly dealt game."""
    state = new_game("darkcave", players, options).new_state(seed)
    assert isinstance(state, DarkCaveState)
    return state


def take(data: JSON, card: str) -> None:
    """Remove one ``card`` from the deck, the box, the discard pile or a hand."""
    for key in ("deck", "box", "discard"):
        if card in data[key]:
            data[key].remove(card)
            return
    for hand in data["hands"]:
        if card in hand:
            hand.remove(card)
            return
    raise AssertionError(f"no {card} left to take")


def lay(data: JSON, x: int, y: int, shape: str) -> None:
    """Put a path card lying as ``shape`` on the table at (x, y)."""
    take(data, C.SHAPES.shapes[C.SHAPES.by_name[shape]].card)
    data["maze"].append([x, y, shape])


def give(data: JSON, seat: int, *cards: str) -> None:
    """Hand ``cards`` to ``seat`` (taken from wherever they are)."""
    for card in cards:
        take(data, card)
        data["hands"][seat].append(card)


def set_hand(data: JSON, seat: int, *cards: str) -> None:
    """``seat`` holds exactly ``cards`` (its old hand goes to the bottom of the deck)."""
    data["deck"][:0] = data["hands"][seat]
    data["hands"][seat] = []
    give(data, seat, *cards)


def load(data: JSON) -> DarkCaveState:
    state = new_game("darkcave", data["players"], data["options"]).state_from_json(data)
    assert isinstance(state, DarkCaveState)
    return state


def creature_before_dwarf(creature: str, other: str, axe: bool = False) -> DarkCaveState:
    """Seat 0 holds ``creature`` and ``other``; a dark hole at (1,0) lies next to seat 1's
    dwarf at (2,0) (which holds a battle axe if ``axe``)."""
    data = dealt()
    lay(data, 1, 0, "I-hole-EW")
    lay(data, 2, 0, "I-NESW")
    data["dwarfs"][1] = "2,0.0"
    set_hand(data, 0, creature, other)
    if axe:
        take(data, "axe")
        data["axes"][1] = 1
    return load(data)


def legal(state: DarkCaveState) -> list[str]:
    return [action.text for action in state.legal_actions()]


_ = slot_index
