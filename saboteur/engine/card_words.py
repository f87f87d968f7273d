"""Path shapes in words: "T-junction north–east–south", "curve east–south", "crossroads".

A shape's code names its open sides (N, E, S, W); a lower-case letter marks a side with
something special (a door, a dark hole), which :func:`special_sides` returns.  The texts are
the catalogue's (``shape.*``, ``side.*``):

>>> from saboteur.engine.messages import render
>>> render(shape("NES")), render(shape("ES"), "de"), render(shape("NS", dead=True))
('T-junction north–east–south', 'Kurve Ost–Süd', 'dead end north–south')
>>> render(shape("NESW")), render(side_to("w"), "de")
('crossroads', 'im Westen')
"""

from __future__ import annotations

from saboteur.engine.messages import Message

_STRAIGHT = ("NS", "EW")


def side(letter: str) -> Message:
    """A side's name as in a list of sides: "north"."""
    return Message(f"side.{letter.upper()}", id=letter.upper())


def side_to(letter: str) -> Message:
    """A side as a direction: "to the north"."""
    return Message(f"side.{letter.upper()}.to", id=letter.upper())


def special_sides(sides: str) -> list[str]:
    """The sides written in lower case (where a door or a dark hole is)."""
    return [letter.upper() for letter in sides if letter.islower()]


def shape(sides: str, dead: bool = False) -> Message:
    """The shape with open ``sides`` (a dead end's when ``dead``), named by its kind."""
    open_sides = sides.upper()
    names = [side(letter) for letter in open_sides]
    if dead or len(open_sides) == 1:
        key = "shape.dead"
    elif len(open_sides) == 4:
        key = "shape.cross"
    elif len(open_sides) == 3:
        key = "shape.t"
    else:
        key = "shape.straight" if open_sides in _STRAIGHT else "shape.curve"
    return Message(key, {"sides": names}, id=sides)
