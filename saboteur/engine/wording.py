"""What the rulesets' event sentences share: seats by name and slots as ``(x,y)``.

>>> who = namer(["Ann", "Ben"])
>>> who(1), who(5), where({"x": 3, "y": -1})
('Ben', 'seat 5', '(3,-1)')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any


def namer(names: list[str] | None) -> Callable[[object], str]:
    """A function naming a seat: its name from ``names`` if there is one, else ``seat N``."""

    def who(seat: object) -> str:
        if isinstance(seat, int) and names is not None and 0 <= seat < len(names):
            return names[seat]
        return f"seat {seat}"

    return who


def where(data: Mapping[str, Any]) -> str:
    """The slot an event names, as ``(x,y)``."""
    return f"({data.get('x')},{data.get('y')})"
