"""The cards of Zwergengold: corridors, arches, symbols, scrolls; the 156 of the box.

Every labyrinth card shows the same corridor on both faces; its other sides are arches,
the passage underneath (docs/rules.md, "Zwergengold").  A card is named by its back (what
everybody sees: corridor and scroll) and, after a dash, its symbol (what only a mage
entering it turns over)::

    >>> back("I-cloak-goblin"), symbol("I-cloak-goblin"), scroll("I-cloak-goblin")
    ('I-cloak', 'goblin', 'cloak')
    >>> back("S-rats"), scroll("S-rats"), symbol("X-pick")
    ('S', None, None)
    >>> len(BOX), len(PLAN_CARDS), sum(1 for card in BOX if symbol(card))
    (143, 12, 84)
    >>> from saboteur.engine.grid import sides_text
    >>> shape = SHAPES.shapes[SHAPES.shape_for("T", 1)]
    >>> sides_text(shape.sides), sides_text(arches(SHAPES.by_name["T1"]))
    ('NSW', 'E')
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from saboteur.engine.catalogue import counted
from saboteur.engine.grid import QUARTER_TURNS, E, N, S, W, rotate
from saboteur.engine.maze import Shape, ShapeTable, orient

# corridors: straight, dead end, T-junction, crossroads, stairs (its S end one level deeper)
START: str  # declared: the compiled build reads it through an import cycle
STRAIGHT: Final = "I"
DEAD_END: Final = "D"
TEE: Final = "T"
CROSS: Final = "X"
STAIRS: Final = "S"
START = "start"
CORRIDORS: Final = (STRAIGHT, DEAD_END, TEE, CROSS, STAIRS)
PRINTED: Final[dict[str, int]] = {
    STRAIGHT: N | S,
    DEAD_END: S,
    TEE: E | S | W,
    CROSS: N | E | S | W,
    STAIRS: N | S,
    START: S,
}
NAMES = {
    STRAIGHT: "straight",
    DEAD_END: "dead end",
    TEE: "T-junction",
    CROSS: "crossroads",
    STAIRS: "stairs",
    START: "start card",
}
DEEP_END: Final = S  # the arrow end of the printed stairs: one level deeper than its N end
TURNS: Final = {STRAIGHT: (0, 1), DEAD_END: QUARTER_TURNS, TEE: QUARTER_TURNS, CROSS: (0,)}
TURNS[STAIRS] = QUARTER_TURNS
TURNS[START] = (0,)

# Final: the compiled build reads these as constants, not through the module at every use
DRAGON: Final = "dragon"
ROT: Final = "rot"
POTION: Final = "potion"
TRAPDOOR: Final = "trapdoor"
GOBLIN: Final = "goblin"
ORC: Final = "orc"
TROLL: Final = "troll"
GRILLE: Final = "grille"
WALL: Final = "wall"
LOCK: Final = "lock"
RATS: Final = "rats"
SPRING: Final = "spring"
PLAN: Final = "plan"
SYMBOLS: Final = (
    DRAGON,
    ROT,
    POTION,
    TRAPDOOR,
    GOBLIN,
    ORC,
    TROLL,
    GRILLE,
    WALL,
    LOCK,
    RATS,
    SPRING,
)
CREATURES: Final = (GOBLIN, ORC, TROLL)

CLOAK: Final = "cloak"
PICK: Final = "pick"
FARSIGHT: Final = "farsight"
FOREBODING: Final = "foreboding"
HAMMER: Final = "hammer"
DRAUGHT: Final = "draught"
DUSTER: Final = "duster"
SCROLLS: Final = (PICK, CLOAK, FARSIGHT, FOREBODING, HAMMER, DRAUGHT, DUSTER)

CORRIDOR_COUNTS: Final = {STRAIGHT: 37, DEAD_END: 25, TEE: 33, CROSS: 18, STAIRS: 30}
# symbol -> corridor -> count (trapdoor never on crossroads; grille, wall, lock never on dead ends)
SYMBOL_COUNTS: Final[dict[str, dict[str, int]]] = {
    DRAGON: {STRAIGHT: 1, DEAD_END: 1, TEE: 1, STAIRS: 1},
    ROT: {STRAIGHT: 2, DEAD_END: 2, TEE: 2, CROSS: 1, STAIRS: 1},
    POTION: {STRAIGHT: 2, DEAD_END: 2, TEE: 2, CROSS: 1, STAIRS: 1},
    TRAPDOOR: {STRAIGHT: 2, DEAD_END: 2, TEE: 1, STAIRS: 1},
    GOBLIN: {STRAIGHT: 3, DEAD_END: 3, TEE: 3, CROSS: 1, STAIRS: 2},
    ORC: {STRAIGHT: 2, DEAD_END: 2, TEE: 2, CROSS: 1, STAIRS: 1},
    TROLL: {STRAIGHT: 2, DEAD_END: 1, TEE: 1, CROSS: 1, STAIRS: 1},
    GRILLE: {STRAIGHT: 2, TEE: 2, CROSS: 1, STAIRS: 1},
    WALL: {STRAIGHT: 2, TEE: 2, CROSS: 1, STAIRS: 1},
    LOCK: {STRAIGHT: 2, TEE: 2, CROSS: 1, STAIRS: 1},
    RATS: {STRAIGHT: 2, DEAD_END: 2, TEE: 2, CROSS: 1, STAIRS: 1},
    SPRING: {STRAIGHT: 2, DEAD_END: 2, TEE: 1, CROSS: 1},
}
SCROLL_COUNTS: Final = {scroll: 16 for scroll in SCROLLS} | {DRAUGHT: 17}
NEVER_ON = {TRAPDOOR: (CROSS,), GRILLE: (DEAD_END,), WALL: (DEAD_END,), LOCK: (DEAD_END,)}
PLAN_CORRIDORS = {STRAIGHT: 4, TEE: 4, CROSS: 4}

# what entering a face-up card costs (the dragon and the wall cost only when turned over)
COSTS: Final = {GOBLIN: 1, ORC: 2, TROLL: 3, ROT: 3}
NO_PLAN_COSTS: Final = {ORC: 3, TROLL: 5}  # "Kein Plan!"
DRAGON_COST: Final = 6
WALL_COST: Final = 4
WALL_UP_COST: Final = 2
TRAPDOOR_DOWN: Final = 2
TRAPDOOR_UP: Final = 4
POTION_AP: Final = 4
POTION_CARDS: Final = 2
DRAUGHT_AP: Final = 2
MAX_AP: Final = 7


def _box() -> list[str]:
    """The 143 cards to play, each ``back[-symbol]``: corridors in order, symbols spread over
    them as counted, scrolls dealt round on every card but stairs."""
    symbols: dict[str, list[str | None]] = {corridor: [] for corridor in CORRIDORS}
    for name, per_corridor in SYMBOL_COUNTS.items():
        for corridor, count in per_corridor.items():
            symbols[corridor] += [name] * count
    left = dict(SCROLL_COUNTS)
    scrolls = []
    while any(left.values()):  # round the kinds, so that every corridor gets every scroll
        for kind in SCROLLS:
            if left[kind]:
                left[kind] -= 1
                scrolls.append(kind)
    cards = []
    for corridor in CORRIDORS:
        marks = symbols[corridor] + [None] * (CORRIDOR_COUNTS[corridor] - len(symbols[corridor]))
        for mark in marks:
            head = corridor if corridor == STAIRS else f"{corridor}-{scrolls.pop(0)}"
            cards.append(head if mark is None else f"{head}-{mark}")
    return cards


BOX = tuple(_box())
PLAN_CARDS = tuple(f"{corridor}-{PLAN}" for corridor in counted(PLAN_CORRIDORS))
BOX_COUNTS: Final = Counter(BOX) + Counter(PLAN_CARDS)


def _parts(card: str) -> list[str]:
    return card.split("-")


class Parts:
    """What the name of a card (or of a back) says, split once: read by the hot loops through
    one dict look-up (:data:`PARTS`) instead of splitting the name again at every call."""

    __slots__ = ("back", "corridor", "scroll", "symbol")

    def __init__(self, card: str) -> None:
        self.corridor = _corridor(card)
        self.scroll = _scroll(card)
        self.symbol = _symbol(card)
        self.back = card if self.symbol is None else card[: -len(self.symbol) - 1]


def corridor(card: str) -> str:
    """The corridor of a card (its first letter): I, D, T, X or S (or ``start``)."""
    known = PARTS.get(card)
    return _corridor(card) if known is None else known.corridor


def scroll(card: str) -> str | None:
    """The scroll on a card's back, if any."""
    known = PARTS.get(card)
    return _scroll(card) if known is None else known.scroll


def symbol(card: str) -> str | None:
    """The symbol on a card's face (``plan`` for a plan card), if any."""
    known = PARTS.get(card)
    return _symbol(card) if known is None else known.symbol


def back(card: str) -> str:
    """What everybody sees of a card lying face down: its corridor and scroll."""
    known = PARTS.get(card)
    if known is not None:
        return known.back
    mark = _symbol(card)
    return card if mark is None else card[: -len(mark) - 1]


def _corridor(card: str) -> str:
    return START if card == START else _parts(card)[0]


def _scroll(card: str) -> str | None:
    parts = _parts(card)
    return parts[1] if len(parts) > 1 and parts[1] in SCROLLS else None


def _symbol(card: str) -> str | None:
    last = _parts(card)[-1]
    return last if last in SYMBOLS or last == PLAN else None


def is_card(card: object) -> bool:
    """Whether ``card`` names a card of the box (the start card included)."""
    return isinstance(card, str) and (card == START or card in BOX_COUNTS)


PARTS: Final[dict[str, Parts]] = {}  # every card of the box, the start and every back -> its parts
for _card in (*BOX, *PLAN_CARDS, START):
    PARTS[_card] = Parts(_card)
    PARTS[PARTS[_card].back] = Parts(PARTS[_card].back)
BACKS = tuple(sorted({back(card) for card in (*BOX, *PLAN_CARDS)}))


def _shapes() -> list[Shape]:
    shapes = []
    for name in (*CORRIDORS, START):
        printed = PRINTED[name]
        for turns in TURNS[name]:
            label = name if name == START else f"{name}{turns}"
            shapes.append(orient(name, printed, (printed,), turns, label))
    return shapes


SHAPES: Final = ShapeTable(_shapes(), rotations=QUARTER_TURNS)
START_SHAPE = SHAPES.by_name[START]


def arches(sid: int) -> int:
    """The arch sides of a shape: every side that is not an exit (a crossroads has none)."""
    return 15 & ~SHAPES.sides[sid]


def deep_side(sid: int) -> int:
    """The side of a stairs shape that lies one level deeper (0 for every other shape)."""
    shape = SHAPES.shapes[sid]
    return rotate(DEEP_END, shape.rotation) if shape.card == STAIRS else 0


def shape_of(card: str, turns: int) -> int:
    """The shape id of ``card`` lying ``turns`` quarter turns clockwise (KeyError if it
    cannot lie so: a straight lies 0 or 1, a crossroads 0)."""
    name = corridor(card)
    if turns not in TURNS[name]:
        raise KeyError(f"{name} lies {' or '.join(map(str, TURNS[name]))}, not {turns}")
    return SHAPES.by_name[name if name == START else f"{name}{turns}"]


# Per shape id, read by the labyrinth's hot loops (a tuple item is far cheaper than a call that
# looks the shape up again): open sides, arch sides, the stairs' deeper side (0 if none), card.
SIDES_OF: Final[tuple[int, ...]] = SHAPES.sides
ARCHES_OF: Final[tuple[int, ...]] = tuple(arches(sid) for sid in range(len(SHAPES.shapes)))
DEEP_OF: Final[tuple[int, ...]] = tuple(deep_side(sid) for sid in range(len(SHAPES.shapes)))
CARD_OF: Final[tuple[str, ...]] = tuple(shape.card for shape in SHAPES.shapes)
# per corridor, its shape ids in the order of TURNS (as places() tries them)
SHAPES_BY_CORRIDOR: Final[dict[str, tuple[int, ...]]] = {
    name: tuple(shape_of(name, turns) for turns in TURNS[name]) for name in TURNS
}
