"""A state's ``clone`` copies every attribute (compiled classes cannot be copied with ``copy.copy``,
so each ruleset's clone names its attributes: this finds one left out) and shares no list or dict
that play changes."""

from __future__ import annotations

import random
from typing import Any

import pytest

from saboteur.engine import State, new_game
from saboteur.engine.chance import choice
from saboteur.engine.maze import Maze

SCALARS = (int, str, bool, float, type(None))


def plain(value: Any) -> Any:
    """Containers compared by content, mazes by their cells and tunnels, other objects by type."""
    if isinstance(value, SCALARS):
        return value
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, Maze):
        return plain((value.cells, value.hidden, value.roots, value.live, value.frontier))
    return type(value).__name__


def attributes(state: State) -> dict[str, Any]:
    """Every instance attribute, whether kept in ``__dict__``, in slots or by the compiled class."""
    names = set(getattr(state, "__dict__", {}))
    for cls in type(state).__mro__:
        for name, value in vars(cls).items():
            kind = type(value).__name__
            if kind in ("getset_descriptor", "member_descriptor") and not name.startswith("__"):
                names.add(name)
    return {name: getattr(state, name) for name in sorted(names) if hasattr(state, name)}


@pytest.mark.parametrize(
    ("ruleset", "players"),
    [("classic", 5), ("duel", 2), ("solo", 1), ("darkcave", 4), ("zwergengold", 3)],
)
def test_a_clone_has_every_attribute_of_its_state(ruleset: str, players: int) -> None:
    game = new_game(ruleset, players)
    rng = random.Random(7)
    checked = 0
    for seed in range(4):
        state = game.new_state(seed)
        for _ in range(rng.randrange(5, 60)):
            if state.is_over:
                break
            state.apply(choice(rng, state.legal_actions()))
        original, copied = attributes(state), attributes(state.clone())
        assert sorted(copied) == sorted(original)
        for name, value in original.items():
            assert plain(copied[name]) == plain(value), name
            if isinstance(value, (list, dict)) and value and name != "colours":
                assert copied[name] is not value, f"{name} is shared with the clone"
            checked += 1
    assert checked > 40


def test_isinstance_tells_the_states_apart() -> None:
    """Compiled or not, a state is an instance of its own classes only (an ``ABC`` base once
    gave the compiled states one shared ``isinstance`` cache)."""
    from saboteur.engine.classic.state import ClassicState
    from saboteur.engine.darkcave.state import DarkCaveState
    from saboteur.engine.duel.solo import SoloState
    from saboteur.engine.duel.state import DuelState
    from saboteur.engine.table import TableState
    from saboteur.engine.zwergengold.state import ZwergengoldState

    classes = (ClassicState, DuelState, SoloState, DarkCaveState, ZwergengoldState, TableState)
    games = [("classic", 3), ("duel", 2), ("solo", 1), ("darkcave", 3), ("zwergengold", 2)]
    for _ in range(2):  # a second round reads whatever the first left in a cache
        for ruleset, players in games:
            state = new_game(ruleset, players).new_state(1)
            for cls in classes:
                assert isinstance(state, cls) == (cls in type(state).__mro__), (ruleset, cls)
