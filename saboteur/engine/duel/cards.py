"""The cards of Saboteur – The Duel (and its solo mode): deck, goals, shapes per colour.

Path cards are named by their open sides as printed (order N, E, S, W) after a
prefix for what is special about them; a door's side is written in lower case
(``green-Ew``: a straight W-E with a green door on its W side)::

    >>> sum(PATH_COUNTS.values()), sum(ACTION_COUNTS.values()), sum(GOAL_COUNTS.values())
    (34, 18, 18)
    >>> shape_name("green-nEW", turned=True), shape_name("troll-NES", turned=True)
    ('green-EsW', 'troll-NSW')

A card turned 180° lies as another shape, named the same way; every shape name is
unique, so ``troll-NSW@3,1`` names both the card and how it lies.  Tunnels depend on
who walks them: a door passes only its own colour's dwarf (until a key lies on it)
and a troll passes nobody until bribed, so there is one shape table per colour.
"""

from __future__ import annotations

from typing import Any

from saboteur.engine.catalogue import PLAIN_TITLES, counted, shape_entry
from saboteur.engine.maze import (
    HALF_TURNS,
    SIDES,
    Shape,
    ShapeTable,
    sides_mask,
    sides_text,
    turn_half,
)
from saboteur.engine.tools import BREAK_CARD as BREAK_CARD
from saboteur.engine.tools import TOOL_NAMES as TOOL_NAMES
from saboteur.engine.tools import TOOLS as TOOLS
from saboteur.engine.tools import tool_cards

GREEN, BLUE = "green", "blue"
COLOURS = (GREEN, BLUE)

PLAIN_COUNTS = {"NS": 1, "EW": 2, "ES": 2, "SW": 2, "NES": 1, "NEW": 2, "NESW": 2}
PLAIN_COUNTS |= {"xNS": 1, "xEW": 1}
GOLD_PATH_COUNTS = dict.fromkeys(("gold-EW", "gold-ES", "gold-NES", "gold-NEW", "gold-NESW"), 1)
DOOR_COUNTS = {f"{colour}-{sides}": 1 for colour in COLOURS for sides in ("Ew", "eS", "nEW")}
TROLL_COUNTS = dict.fromkeys(("troll-EW", "troll-NES", "troll-NESW"), 1)
LADDER_COUNTS = {f"ladder-{colour}": 1 for colour in COLOURS}
TWIN_COUNTS = {"bridge": 2, "curves": 2}  # two tunnels on one card, not joined
PATH_COUNTS: dict[str, int] = {
    **PLAIN_COUNTS,
    **TWIN_COUNTS,
    **GOLD_PATH_COUNTS,
    **DOOR_COUNTS,
    **LADDER_COUNTS,
    **TROLL_COUNTS,
}
STARTS = {GREEN: "start-green", BLUE: "start-blue"}

ACTION_COUNTS: dict[str, int] = {
    "break-pickaxe": 2,
    "break-lantern": 2,
    "break-cart": 2,
    "repair-pickaxe": 1,
    "repair-lantern": 1,
    "repair-cart": 1,
    "repair-pickaxe-lantern": 1,
    "repair-lantern-cart": 1,
    "key": 3,
    "rockfall": 2,
    "map": 2,
}
BREAKS: dict[str, int]
REPAIRS: dict[str, tuple[int, ...]]
BREAKS, REPAIRS = tool_cards(ACTION_COUNTS)

GOAL_COUNTS: dict[str, int] = {
    "goal-3": 3,
    "goal-2": 2,
    "goal-2-green": 2,
    "goal-2-blue": 2,
    "goal-1": 2,
    "goal-1-green": 2,
    "goal-1-blue": 2,
    "stone-ne": 2,
    "stone-nw": 1,
}
GOAL_PATTERN = {
    card: "NE"
    if card == "stone-ne"
    else "NW"
    if card == "stone-nw"
    else ("NESw" if card.endswith(("-green", "-blue")) else "NESW")
    for card in GOAL_COUNTS
}

GOLD_VALUE: dict[str, int] = dict.fromkeys(GOLD_PATH_COUNTS, 1)
GOLD_VALUE |= {card: int(card.split("-")[1]) for card in GOAL_COUNTS if card.startswith("goal-")}


def card_colour(card: str) -> str | None:
    """The colour of a door, ladder, start or door goal card (``None`` for the others)."""
    for colour in COLOURS:
        if card.startswith(f"{colour}-") or card.endswith(f"-{colour}"):
            return colour
    return None


def _pattern(card: str) -> str:
    if card in GOAL_PATTERN:
        return GOAL_PATTERN[card]
    if card in TWIN_COUNTS or card in LADDER_COUNTS or card in STARTS.values():
        return "NESW"
    return card.rpartition("-")[2].lstrip("x")


def _read(pattern: str) -> tuple[int, int]:
    """``"nEW"`` -> (open sides, door side)."""
    return sides_mask(pattern.upper()), sides_mask(
        "".join(c.upper() for c in pattern if c.islower())
    )


def _write(sides: int, door: int) -> str:
    return "".join(
        (name.lower() if door & side else name)
        for side, name in zip(SIDES, "NESW", strict=True)
        if sides & side
    )


def shape_name(card: str, turned: bool) -> str:
    """The name of ``card`` lying as printed or turned 180°."""
    sides, door = _read(_pattern(card))
    if turned:
        sides, door = turn_half(sides), turn_half(door)
    text = _write(sides, door)
    if card in GOAL_PATTERN:
        return f"{card}:{text}"
    if card in TWIN_COUNTS or card in LADDER_COUNTS or card in STARTS.values():
        return card
    prefix, _, printed = card.rpartition("-")
    return f"{prefix}-{'x' if printed.startswith('x') else ''}{text}".lstrip("-")


class Spec:
    """One way a card can lie: its sides, door side, and whether a key or bribe opened it."""

    __slots__ = ("card", "door", "name", "opened", "sides", "turned")

    def __init__(self, card: str, turned: bool, opened: bool) -> None:
        sides, door = _read(_pattern(card))
        if turned:
            sides, door = turn_half(sides), turn_half(door)
        self.card, self.turned, self.opened = card, turned, opened
        self.sides, self.door = sides, door
        self.name = shape_name(card, turned) + ("+open" if opened else "")

    def groups(self, colour: str) -> tuple[int, ...]:
        """The sides joined through the card for ``colour``'s dwarf."""
        each = tuple(side for side in SIDES if self.sides & side)
        card = self.card
        if card.startswith("x") or (card in TROLL_COUNTS and not self.opened):
            return each
        if card == "bridge":
            return (5, 10)  # N-S and E-W
        if card == "curves":
            return (3, 12)  # N-E and S-W (the same when turned)
        if self.door and not self.opened and card_colour(card) != colour:
            rest = self.sides & ~self.door
            return (self.door, rest) if rest else (self.door,)
        return (self.sides,)


def _specs() -> list[Spec]:
    specs: list[Spec] = []
    for card in [*PATH_COUNTS, *STARTS.values(), *GOAL_COUNTS]:
        for turned in (False, True):
            spec = Spec(card, turned, False)
            if turned and spec.name == specs[-1].name:
                continue
            specs.append(spec)
    placeable = len([s for s in specs if s.card in PATH_COUNTS])
    for spec in list(specs):
        if spec.card in TROLL_COUNTS or spec.door:
            specs.append(Spec(spec.card, spec.turned, True))
    assert all(s.card in PATH_COUNTS for s in specs[:placeable])
    return specs


SPECS = _specs()
ROTATIONS = HALF_TURNS  # a card lies as printed or turned 180°
TABLES: dict[str, ShapeTable] = {
    colour: ShapeTable(
        [Shape(s.card, s.turned, s.sides, s.groups(colour), s.name) for s in SPECS], ROTATIONS
    )
    for colour in COLOURS
}
SHAPES: ShapeTable = TABLES[GREEN]  # names, cards and sides are the same in every colour's table
PATH_SHAPE_IDS: list[int] = [
    sid for sid, spec in enumerate(SPECS) if spec.card in PATH_COUNTS and not spec.opened
]
assert list(range(len(PATH_SHAPE_IDS))) == PATH_SHAPE_IDS  # placeable shapes come first
FIT = SHAPES.fit_table(PATH_SHAPE_IDS)
OPENED: dict[int, int] = {
    sid: SHAPES.by_name[spec.name + "+open"]
    for sid, spec in enumerate(SPECS)
    if not spec.opened and f"{spec.name}+open" in SHAPES.by_name
}
CLOSED: dict[int, int] = {open_sid: sid for sid, open_sid in OPENED.items()}
CARD_SHAPE_BITS = SHAPES.card_bits(PATH_SHAPE_IDS)
START_SHAPES = {colour: SHAPES.by_name[card] for colour, card in STARTS.items()}
GOAL_SHAPES: dict[str, list[int]] = {
    card: [sid for sid, s in enumerate(SPECS) if s.card == card and not s.opened]
    for card in GOAL_COUNTS
}
# for each colour and shape: the sides joined to the card's centre (where the gold lies)
CENTRE: dict[str, tuple[int, ...]] = {
    colour: tuple(
        spec.sides & ~spec.door if len(spec.groups(colour)) > 1 else spec.sides for spec in SPECS
    )
    for colour in COLOURS
}


def shape_id(card: str, turned: bool) -> int:
    """The shape id of ``card`` lying as printed or turned 180° (never an opened variant)."""
    return SHAPES.by_name[shape_name(card, turned)]


def deck_cards() -> list[str]:
    """The 34 path cards without the starts and the 18 action cards, in a fixed order."""
    return counted(PATH_COUNTS) + counted(ACTION_COUNTS)


def goal_cards() -> list[str]:
    """The 18 goal cards in a fixed order (shuffled once per game)."""
    return counted(GOAL_COUNTS)


TITLES = {
    **PLAIN_TITLES,
    "xNS": "dead end N-S",
    "xEW": "dead end E-W",
    "bridge": "bridge (N-S over E-W, not joined)",
    "curves": "double curve (N-E and S-W, not joined)",
    "key": "key (opens a door of the other colour)",
    "rockfall": "rockfall",
    "map": "treasure map",
}


def _title(card: str) -> str:
    if card in TITLES:
        return TITLES[card]
    colour = card_colour(card)
    if card in GOLD_PATH_COUNTS:
        return f"gold nugget on {sides_text(_read(_pattern(card))[0])}"
    if card in DOOR_COUNTS:
        return f"{colour} door on {_pattern(card)} (door side in lower case)"
    if card in TROLL_COUNTS:
        return f"troll on {_pattern(card)}"
    if card in LADDER_COUNTS or card in STARTS.values():
        kind = "ladder" if card in LADDER_COUNTS else "start"
        return f"{kind} ({colour}, crossroads)"
    if card in GOAL_COUNTS:
        if card.startswith("stone"):
            return f"goal: stone (curve {GOAL_PATTERN[card]})"
        door = f", {colour} door" if colour else ""
        return f"goal: {GOLD_VALUE[card]} gold (crossroads{door})"
    if card.startswith("break-"):
        return f"sabotage: broken {card[6:]}"
    return "repair: " + " or ".join(TOOL_NAMES[bit] for bit in REPAIRS[card])


def catalogue(players: int = 2) -> list[dict[str, Any]]:
    """Every card kind with its count, for ``saboteur cards duel`` (``players=1``: solo)."""

    def with_shape(kind: str, card: str, count: int) -> dict[str, Any]:
        shape = SHAPES.shapes[shape_id(card, False)]
        door = _read(_pattern(card))[1]
        entry = shape_entry(kind, card, _title(card), count, shape)
        if door:
            entry["door"] = sides_text(door)
        if card in GOLD_VALUE:
            entry["value"] = GOLD_VALUE[card]
        return entry

    starts = [STARTS[GREEN]] if players == 1 else list(STARTS.values())
    entries = [with_shape("start", card, 1) for card in starts]
    entries += [with_shape("goal", card, count) for card, count in GOAL_COUNTS.items()]
    entries += [with_shape("path", card, count) for card, count in PATH_COUNTS.items()]
    for card, count in ACTION_COUNTS.items():
        entries.append({"kind": "action", "name": card, "title": _title(card), "count": count})
    return entries
