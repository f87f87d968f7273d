"""The Dark Cave as plain text: the cards on the table, the dwarfs and what lies about.

>>> from saboteur.engine import new_game
>>> print(new_game("darkcave", 2).new_state(seed=1).render().splitlines()[0])
Dark Cave, turn 1: seat 0 to play (phase play)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from saboteur.engine.darkcave import cards as C
from saboteur.engine.grid import slot_xy

if TYPE_CHECKING:
    from saboteur.engine.darkcave.state import DarkCaveState


def render(state: DarkCaveState, player: int | None = None) -> str:
    """The public picture, plus ``player``'s hand and clan card if given."""
    view = state.view(player)
    turn, seat, phase = view["turns"] + 1, view["current"], view["phase"]
    lines = [f"Dark Cave, turn {turn}: seat {seat} to play (phase {phase})"]
    for index, sid in state.maze.cells.items():
        x, y = slot_xy(index)
        lines.append(f"  ({x},{y}) {C.SHAPES.shapes[sid].name}")
    for cell in view["board"]["cells"]:
        if cell["face"] == "down":
            lines.append(f"  ({cell['x']},{cell['y']}) face-down {cell['card'] or 'goal'}")
    for seat, (clan, field) in enumerate(zip(view["clans"], view["dwarfs"], strict=True)):
        where = field if field is not None else "out of the cave"
        lines.append(f"  seat {seat} ({clan}): dwarf at {where}, {view['gold'][seat]} gold")
    for creature, info in view["creatures"].items():
        lines.append(f"  {creature} at {info['field']} (seat {info['owner']})")
    for web in view["webs"]:
        lines.append(f"  web at {web['edge']} showing {web['shows']}")
    if player is not None:
        lines.append(f"  your clan card: {view['clan_card']}; hand: {' '.join(view['hand'])}")
    return "\n".join(lines)
