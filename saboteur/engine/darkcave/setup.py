"""Dealing The Dark Cave: clan cards by player count, goals in the corners, decks I, II, III.

>>> clan_cards(2, "blue")
['blue-loyal', 'yellow-loyal']
>>> clan_cards(3, "blue")
['blue-loyal', 'blue-loyal', 'blue-saboteur', 'blue-saboteur']
>>> len(clan_cards(6, "yellow")), hand_decks(6)
(8, ('I', 'I', 'I', 'I', 'II'))
>>> goal_slots(5) == goal_slots(2), goal_slots(6)[0]
(True, (-3, -3))
"""

from __future__ import annotations

YELLOW, BLUE = "yellow", "blue"
CLANS = (YELLOW, BLUE)
LOYAL, SABOTEUR = "loyal", "saboteur"
HAND = 5
REMOVED = 5  # cards of each deck put back in the box unseen
START_GOLD = 3
GOLD_PIECES = 46


def other_clan(clan: str) -> str:
    return BLUE if clan == YELLOW else YELLOW


def clan_cards(players: int, one_clan: str) -> list[str]:
    """The clan cards shuffled and dealt for ``players`` (``one_clan``: the clan used with
    3–4 players), sorted; the ones not dealt are set aside unseen."""
    if players == 2:
        return sorted(f"{clan}-{LOYAL}" for clan in CLANS)
    if players <= 4:
        return sorted([f"{one_clan}-{LOYAL}"] * 2 + [f"{one_clan}-{SABOTEUR}"] * 2)
    return sorted(
        [f"{clan}-{LOYAL}" for clan in CLANS for _ in range(3)]
        + [f"{clan}-{SABOTEUR}" for clan in CLANS]
    )


def works_for(card: str) -> str:
    """The clan a clan card's dwarf works for: its own if loyal, else the other."""
    clan, character = card.split("-")
    return clan if character == LOYAL else other_clan(clan)


def hand_decks(players: int) -> tuple[str, ...]:
    """Which deck each of a hand's five cards comes from."""
    if players <= 4:
        return ("I",) * 5
    if players <= 6:
        return ("I",) * 4 + ("II",)
    return ("I",) * 3 + ("II",) * 2


def goal_slots(players: int) -> list[tuple[int, int]]:
    """The four corners of the 9×9 (2–5 players) or 7×7 (6–8) area around the start."""
    far = 4 if players <= 5 else 3
    return [(-far, -far), (far, -far), (-far, far), (far, far)]
