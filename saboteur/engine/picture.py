"""A maze as plain text: each slot 3×3 characters, ``#`` for a tunnel, a letter in the centre.

>>> print(picture({(0, 0): cell(5, "S"), (1, 0): cell(0, "?")}))
     0  1
    #
  0 S  ?
    #
"""

from __future__ import annotations

from saboteur.engine.maze import E, N, S, W


def cell(sides: int, centre: str) -> list[str]:
    """The three rows of one slot with open ``sides`` and ``centre`` in the middle."""
    return [
        " # " if sides & N else "   ",
        ("#" if sides & W else " ") + centre + ("#" if sides & E else " "),
        " # " if sides & S else "   ",
    ]


def picture(cells: dict[tuple[int, int], list[str]]) -> str:
    """The slots ``(x, y) -> rows`` laid out in a grid with the coordinates along the edges."""
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    columns = range(min(xs), max(xs) + 1)
    lines = ["   " + "".join(f"{x:>3}" for x in columns)]
    for y in range(min(ys), max(ys) + 1):
        for row in range(3):
            label = f"{y:>3}" if row == 1 else "   "
            text = "".join(cells.get((x, y), ["   "] * 3)[row] for x in columns)
            lines.append((label + text).rstrip())
    return "\n".join(lines)
