"""The viewer's legal actions as ``view.board.targets`` lists them, grouped for the game window.

By hand card, by slot (several actions may share one: a card's two orientations), by seat,
and those pointing at nothing.  As in the browser (``web/static/board-targets.js``) no action
text is parsed: each target comes with its slot or seat.

>>> view = {"legal": ["A@1,0", "B@1,0", "A@2,0", "x@1", "pass:A", "end"], "board": {"targets": [
...     {"action": "A@1,0", "kind": "place", "hand_card": "A", "x": 1, "y": 0},
...     {"action": "B@1,0", "kind": "place", "hand_card": "A", "x": 1, "y": 0},
...     {"action": "A@2,0", "kind": "place", "hand_card": "A", "x": 2, "y": 0},
...     {"action": "x@1", "kind": "break", "hand_card": "x", "seat": 1},
...     {"action": "pass:A", "kind": "pass", "hand_card": "A"},
...     {"action": "end", "kind": "end", "hand_card": None}]}}
>>> slots(for_card(view, "A"))
{(1, 0): ['A@1,0', 'B@1,0'], (2, 0): ['A@2,0']}
>>> [t["action"] for t in loose(for_card(view, "A"))], [t["action"] for t in free(view)]
(['pass:A'], ['end'])
"""

from __future__ import annotations

from typing import Any

Target = dict[str, Any]


def of(view: dict[str, Any] | None) -> list[Target]:
    """The targets of a view's board (none without a board)."""
    board = (view or {}).get("board") or {}
    targets: list[Target] = board.get("targets") or []
    return targets


def on_slot(target: Target) -> bool:
    return isinstance(target.get("x"), int) and isinstance(target.get("y"), int)


def on_seat(target: Target) -> bool:
    return not on_slot(target) and isinstance(target.get("seat"), int)


def is_loose(target: Target) -> bool:
    return not on_slot(target) and not on_seat(target)


def for_card(view: dict[str, Any] | None, card: str | None) -> list[Target]:
    """The targets playing hand card ``card`` (``None``: the actions that need no hand card)."""
    return [t for t in of(view) if t.get("hand_card") == card]


def free(view: dict[str, Any] | None) -> list[Target]:
    """The actions that need no hand card and point at nothing (e.g. "end the turn")."""
    return [t for t in for_card(view, None) if is_loose(t)]


def slots(targets: list[Target]) -> dict[tuple[int, int], list[str]]:
    """Slot -> the actions pointing at it, in first-seen order."""
    out: dict[tuple[int, int], list[str]] = {}
    for target in targets:
        if on_slot(target):
            out.setdefault((target["x"], target["y"]), []).append(target["action"])
    return out


def seats(targets: list[Target]) -> list[Target]:
    return [t for t in targets if on_seat(t)]


def loose(targets: list[Target]) -> list[Target]:
    return [t for t in targets if is_loose(t)]


def by_action(view: dict[str, Any] | None) -> dict[str, Target]:
    return {t["action"]: t for t in of(view)}
