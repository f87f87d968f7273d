"""The cards of Saboteur – The Dark Cave: decks I, II, III, the start, the goals, their fields.

Every card is a small graph of fields (docs/rules.md, "The Dark Cave: fields and steps"):
a group I card has one field; a group II card one field at each open side, the fields of a
tunnel linked to each other; a group III card a field at each open side plus a middle field
per tunnel.  Path cards are named by their group, what is special on them and their open
sides as they lie; a special field at one side (group II) is written in lower case::

    >>> [SHAPES.shapes[sid].name for sid in SHAPE_IDS["II-hole-nS"]]
    ['II-hole-nS', 'II-hole-Ns']
    >>> sum(PATH_COUNTS[d].total() for d in DECKS), sum(ACTION_COUNTS[d].total() for d in DECKS)
    (50, 32)
    >>> from saboteur.engine.grid import sides_text
    >>> shape = SHAPES.shapes[SHAPES.by_name["III-ladder-NSW"]]  # III-ladder-NES turned
    >>> [sides_text(f) for f in shape.fields], shape.inner
    (['S', 'W', 'N', ''], ((0, 3), (1, 3), (2, 3)))
    >>> special_fields("III-ladder-NSW")
    {3: 'ladder'}

Path cards turn 180° only; a goal turns any quarter way when it is revealed.  The four
ways a card lies that look alike (a crossroads turned) are one shape.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from saboteur.engine.maze import (
    HALF_TURNS,
    QUARTER_TURNS,
    SIDES,
    Shape,
    ShapeTable,
    layout,
    orient,
    sides_mask,
)

DECKS = ("I", "II", "III")
START = "start"
EXIT_GOAL, HOLE_GOAL, LADDER_GOAL, EAGLE_GOAL = (
    "goal-exit",
    "goal-hole",
    "goal-ladder",
    "goal-eagle",
)
GOALS = (EXIT_GOAL, HOLE_GOAL, LADDER_GOAL, EAGLE_GOAL)

# special fields
HOLE, LADDER, EAGLE, TUNNEL, BRIDGE, EXIT = "hole", "ladder", "eagle", "tunnel", "bridge", "exit"

# action cards
INFO, ROCKFALL, SWAP, WEB, BOOTS, AXE = "info", "rockfall", "swap", "web", "boots", "axe"
RAT, WYRM, GOBLIN = "rat", "wyrm", "goblin"
CREATURES = {RAT: 3, WYRM: 4, GOBLIN: 5}  # creature -> the steps it may take
EQUIPMENT = (BOOTS, AXE)

PATH_COUNTS: dict[str, Counter[str]] = {
    "I": Counter(
        {
            "I-NS": 2,
            "I-EW": 1,
            "I-NE": 2,
            "I-NW": 2,
            "I-NES": 2,
            "I-ESW": 2,
            "I-NESW": 3,
            "I-hole-S": 1,
            "I-hole-EW": 1,
            "I-hole-NES": 1,
            "I-ladder-NS": 1,
            "I-eagle-ESW": 1,
        }
    ),
    "II": Counter(
        {
            "II-NS": 2,
            "II-EW": 1,
            "II-NE": 2,
            "II-NW": 1,
            "II-NES": 1,
            "II-ESW": 1,
            "II-NESW": 2,
            "II-hole-nS": 1,
            "II-hole-nW": 1,
            "II-hole-eSW": 1,
            "II-ladder-nE": 1,
            "II-bridge": 2,
            "II-eagle-nESW": 1,
        }
    ),
    "III": Counter(
        {
            "III-EW": 1,
            "III-NSW": 1,
            "III-tunnel": 5,
            "III-bridge": 2,
            "III-hole-NS": 1,
            "III-hole-NE": 1,
            "III-hole-NESW": 1,
            "III-ladder-EW": 1,
            "III-ladder-NES": 1,
        }
    ),
}
ACTION_COUNTS: dict[str, Counter[str]] = {
    "I": Counter({INFO: 2, ROCKFALL: 1, WEB: 1, BOOTS: 2, AXE: 1, RAT: 2, WYRM: 1}),
    "II": Counter({INFO: 2, ROCKFALL: 1, SWAP: 1, WEB: 1, BOOTS: 1, AXE: 1, RAT: 2, WYRM: 1}),
    "III": Counter({INFO: 1, ROCKFALL: 1, SWAP: 1, WEB: 1, AXE: 1, RAT: 1, WYRM: 2, GOBLIN: 4}),
}
ACTION_CARDS = frozenset(card for counts in ACTION_COUNTS.values() for card in counts)
PATH_CARDS = frozenset(card for counts in PATH_COUNTS.values() for card in counts)
HAND_CARDS = PATH_CARDS | ACTION_CARDS


@dataclass(frozen=True, slots=True)
class Spec:
    """A card as printed: its group (0: start or goal), open sides, tunnels and special."""

    card: str
    group: int
    sides: int
    tunnels: tuple[int, ...]
    special: str | None = None


def _spec(card: str) -> Spec:
    """A path card's spec read from its name: ``II-hole-nS`` is a group II straight N-S with a
    dark hole on its N field (lower case marks the special's side; group II only)."""
    deck, *middle, pattern = card.split("-")
    group = len(deck)
    special = middle[0] if middle else None
    if pattern in ("bridge", "tunnel"):
        special = pattern
        tunnels = (sides_mask("NS"), sides_mask("EW")) if pattern == BRIDGE else (15,)
        return Spec(card, group, 15, tunnels, special)
    sides = sides_mask(pattern.upper())
    return Spec(card, group, sides, (sides,), special)


GOAL_SPECS = {
    EXIT_GOAL: Spec(EXIT_GOAL, 0, 15, (15,), EXIT),
    HOLE_GOAL: Spec(HOLE_GOAL, 0, sides_mask("ESW"), (sides_mask("ESW"),), HOLE),
    LADDER_GOAL: Spec(LADDER_GOAL, 0, sides_mask("NE"), (sides_mask("NE"),), LADDER),
    EAGLE_GOAL: Spec(EAGLE_GOAL, 0, sides_mask("NS"), (sides_mask("NS"),), EAGLE),
}
START_SPEC = Spec(START, 0, 15, (15,), LADDER)
SPECS: dict[str, Spec] = {START: START_SPEC, **GOAL_SPECS}
SPECS |= {card: _spec(card) for card in sorted(PATH_CARDS)}


def _side_fields(sides: int) -> list[int]:
    return [side for side in SIDES if sides & side]


def fields_of(spec: Spec) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...], dict[int, str]]:
    """A card's fields (the sides each touches), its inner links and its special fields.

    >>> from saboteur.engine.grid import sides_text
    >>> fields, inner, special = fields_of(SPECS["III-tunnel"])
    >>> [sides_text(f) for f in fields], special
    (['N', 'E', 'S', 'W', '', '', ''], {6: 'tunnel'})
    >>> inner
    ((0, 4), (1, 4), (2, 5), (3, 5), (4, 6), (5, 6))
    """
    special: dict[int, str] = {}
    if spec.group <= 1:  # one field (the exit goal adds its exit field)
        fields: list[int] = [spec.sides]
        inner: list[tuple[int, int]] = []
        if spec.special == EXIT:
            fields.append(0)
            inner.append((0, 1))
            special[1] = EXIT
        elif spec.special:
            special[0] = spec.special
        return tuple(fields), tuple(inner), special
    fields = _side_fields(spec.sides)
    inner = []
    if spec.group == 2:
        for tunnel in spec.tunnels:
            numbers = [n for n, side in enumerate(fields) if tunnel & side]
            inner += [(a, b) for i, a in enumerate(numbers) for b in numbers[i + 1 :]]
        if spec.special == BRIDGE:
            special = {n: BRIDGE for n, side in enumerate(fields) if side & sides_mask("NS")}
        elif spec.special:
            special[0] = spec.special
        return tuple(fields), tuple(inner), special
    middles = []
    for tunnel in spec.tunnels if spec.special != TUNNEL else (sides_mask("NE"), sides_mask("SW")):
        middle = len(fields)
        fields.append(0)
        middles.append(middle)
        inner += [(n, middle) for n, side in enumerate(fields[:4]) if side and tunnel & side]
    if spec.special == TUNNEL:
        fields.append(0)
        inner += [(middle, len(fields) - 1) for middle in middles]
        special[len(fields) - 1] = TUNNEL
    elif spec.special == BRIDGE:
        ns = sides_mask("NS")
        special = {n: BRIDGE for n, side in enumerate(fields[:4]) if side & ns}
        special[middles[0]] = BRIDGE
    elif spec.special:
        special[middles[0]] = spec.special
    return tuple(fields), tuple(sorted(inner)), special


SPECIALS: dict[str, dict[int, str]] = {card: fields_of(spec)[2] for card, spec in SPECS.items()}


def special_fields(card_or_shape: str) -> dict[int, str]:
    """Field number -> what is special there, for a card (or a shape) name."""
    if card_or_shape in SPECIALS:
        return SPECIALS[card_or_shape]
    return SPECIALS[SHAPES.shapes[SHAPES.by_name[card_or_shape]].card]


def _name(spec: Spec, shape: Shape, special: dict[int, str]) -> str:
    """``II-hole-nS``: prefix, then the open sides as the card lies (lower case: the side of a
    group II special field)."""
    if spec.card in (START, EXIT_GOAL) or spec.special in (BRIDGE, TUNNEL):
        return spec.card
    prefix = spec.card.rsplit("-", 1)[0] if spec.group else spec.card
    marked = 0
    if spec.group == 2 and spec.special:
        marked = shape.fields[0]
    letters = "".join(
        (name.lower() if marked & side else name)
        for side, name in zip(SIDES, "NESW", strict=True)
        if shape.sides & side
    )
    return f"{prefix}-{letters}"


def _shapes_of(spec: Spec, rotations: tuple[int, ...]) -> list[Shape]:
    """The distinct ways a card lies (a special field's side tells two alike layouts apart)."""
    fields, inner, special = fields_of(spec)
    out: list[Shape] = []
    seen = set()
    for rotation in rotations:
        shape = orient(spec.card, spec.sides, spec.tunnels, rotation, "", fields, inner)
        key = (layout(shape), tuple(sorted((shape.fields[n], kind) for n, kind in special.items())))
        if key not in seen:
            seen.add(key)
            out.append(replace(shape, name=_name(spec, shape, special)))
    return out


def _table() -> tuple[ShapeTable, dict[str, tuple[int, ...]]]:
    shapes: list[Shape] = []
    ids: dict[str, tuple[int, ...]] = {}
    for card, spec in SPECS.items():
        if card == START:
            rotations: tuple[int, ...] = (0,)
        elif card in GOAL_SPECS:
            rotations = QUARTER_TURNS
        else:
            rotations = HALF_TURNS
        made = _shapes_of(spec, rotations)
        ids[card] = tuple(range(len(shapes), len(shapes) + len(made)))
        shapes += made
    return ShapeTable(shapes, HALF_TURNS, dict.fromkeys(GOALS, QUARTER_TURNS)), ids


SHAPES: ShapeTable
SHAPE_IDS: dict[str, tuple[int, ...]]
SHAPES, SHAPE_IDS = _table()
START_SHAPE = SHAPE_IDS[START][0]
PATH_SHAPE_IDS: frozenset[int] = frozenset(sid for card in PATH_CARDS for sid in SHAPE_IDS[card])
SPECIAL_BY_SHAPE: tuple[dict[int, str], ...] = tuple(
    SPECIALS[shape.card] for shape in SHAPES.shapes
)


def deck_cards(deck: str) -> list[str]:
    """The cards of deck ``deck`` (I, II or III) in a fixed order, before shuffling."""
    return sorted((PATH_COUNTS[deck] + ACTION_COUNTS[deck]).elements())


def card_deck(card: str) -> str | None:
    """The deck a hand card comes from (``None``: it is in more than one; an action card)."""
    decks = [deck for deck in DECKS if card in PATH_COUNTS[deck] or card in ACTION_COUNTS[deck]]
    return decks[0] if len(decks) == 1 else None
