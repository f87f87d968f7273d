"""The labyrinth as plain text: one line per laid card, then the mages.

>>> from saboteur.engine import new_game
>>> print(new_game("zwergengold", 2).new_state(seed=1).render())
(0,0) start card: exits S, arches NEW, level 1
mage 0 at (0,0), 7 AP; mage 1 at (0,0), 7 AP
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from saboteur.engine.grid import sides_text, xy_text
from saboteur.engine.messages import render as say
from saboteur.engine.zwergengold import cards as C
from saboteur.engine.zwergengold import words

if TYPE_CHECKING:
    from saboteur.engine.zwergengold.state import ZwergengoldState


def render(state: ZwergengoldState, player: int | None = None) -> str:
    """Every laid card as ``player`` sees it, then where the mages stand."""
    from saboteur.engine.zwergengold.notation import shown_name

    lab, lines = state.lab, []
    for slot in lab.cards:
        sid = lab.maze.cells[slot]
        deep = C.deep_side(sid)
        name = say(words.card_message(shown_name(state, slot)), "en")
        stairs = f", deeper end {sides_text(deep)}" if deep else ""
        lines.append(
            f"{xy_text(slot)} {name}: exits {sides_text(C.SHAPES.sides[sid])}, arches"
            f" {sides_text(C.arches(sid))}, level {lab.shown(lab.levels[slot])}{stairs}"
        )
    mages = [
        f"mage {seat} at {xy_text(state.mage_slot(seat))}, {state.ap[seat]} AP"
        for seat in range(state.game.players)
    ]
    return "\n".join([*lines, "; ".join(mages)])
