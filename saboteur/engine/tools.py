"""The three tools of the Saboteur games and the break and repair cards that name them.

>>> tools_text(PICKAXE | CART), tool_names(LANTERN)
('pickaxe, cart', ['lantern'])
>>> tool_cards({"break-cart": 3, "repair-pickaxe-lantern": 1, "map": 6})
({'break-pickaxe': 1, 'break-lantern': 2, 'break-cart': 4}, {'repair-pickaxe-lantern': (1, 2)})
"""

from __future__ import annotations

from collections.abc import Iterable

PICKAXE, LANTERN, CART = 1, 2, 4
TOOLS = {"pickaxe": PICKAXE, "lantern": LANTERN, "cart": CART}
TOOL_NAMES = {bit: name for name, bit in TOOLS.items()}
BREAK_CARD = {bit: f"break-{name}" for bit, name in TOOL_NAMES.items()}


def tool_names(mask: int) -> list[str]:
    """The names of the tools in ``mask``."""
    return [name for bit, name in TOOL_NAMES.items() if mask & bit]


def tools_text(mask: int) -> str:
    """The tools in ``mask`` as text, e.g. ``pickaxe, cart``."""
    return ", ".join(tool_names(mask))


def tool_cards(cards: Iterable[str]) -> tuple[dict[str, int], dict[str, tuple[int, ...]]]:
    """The break cards (card -> tool) and the repair cards among ``cards`` (card -> tools)."""
    breaks = {f"break-{name}": bit for name, bit in TOOLS.items()}
    repairs = {
        card: tuple(TOOLS[name] for name in card.split("-")[1:])
        for card in cards
        if card.startswith("repair-")
    }
    return breaks, repairs
