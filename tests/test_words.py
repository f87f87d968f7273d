"""Every text a player reads is words: whole games of every ruleset, each event and each chat
announcement rendered in English and German, and no engine code in any of them.

An engine code is what the notation writes and a player cannot read: a shape (``ESW``,
``xNS``, ``NeSW``), a card id (``stone-nw``, ``break-pickaxe``, ``goal-2-blue:NESw``), a
coordinate (``(0,-2)``, a field ``3,-1.2``, an edge ``3,-1:E``), a seat without its name or
an unfilled placeholder.  No coordinate stays in an event text: places are told from the start
or a goal ("2 right and 1 up from the start", "the middle goal"), docs/messages.md.
"""

from __future__ import annotations

import random
import re

import pytest

from saboteur.engine import new_game
from saboteur.engine.messages import LANGS, named, render
from saboteur.engine.registry import get_ruleset

CODE = re.compile(
    r"\bx[NESW]{1,4}\b"  # a dead end: xNS
    r"|\b[NESW]{2,4}\b"  # a shape: ESW
    r"|\b(?=(?:[nesw]*[NESW]){2})(?=[NESW]*[nesw])[NESWnesw]{3,5}\b"  # a door's shape: NeSW
    r"|\b(?!Es\b|We\b)(?:[NESW][nesw]|[nesw][NESW])\b"  # a short one: Ns (not the word "Es")
    r"|\b[a-z]+(?:-[a-zA-Z0-9+]+)+"  # a card id: stone-nw, goal-2-blue, green-Ew
    r"|\bI{1,3}-"  # a Dark Cave card id: II-hole-Ns
    r"|:[NESWnesw]+\b"  # how a goal lies: goal-1:NESW
    r"|-?\d+\s*,\s*-?\d+"  # a coordinate, a field or an edge: (0,-2), 3,-1.2
    r"|\{|\}|\bNone\b|\bseat \d|\bPlatz \d"  # a placeholder left, a seat without a name
)
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve"]
GAMES = [
    ("classic", 3, 1),
    ("classic", 4, 2),
    ("classic", 5, 3),
    ("duel", 2, 4),
    ("solo", 1, 5),
    ("darkcave", 3, 6),
    ("darkcave", 4, 7),
    ("darkcave", 5, 8),
    ("zwergengold", 3, 9),
    ("zwergengold", 5, 10),
]
MOST_MOVES = 1500  # a random game that has not ended by then is checked as far as it went


def codes(text: str) -> list[str]:
    """The engine codes in ``text``."""
    return [match.group(0) for match in CODE.finditer(text)]


def test_the_check_finds_the_codes_of_old_texts() -> None:
    old = [
        "your hand: ES, SW, repair-cart, xW, break-pickaxe",
        "tunnel ESW at (0,-2)",
        "the goal at (8,2) is stone-nw",
        "Ben chooses how it lies (goal-2-blue:NESw or goal-2-blue:NeSW)",
        "Weg xN bei (1,2)",
        "The rat steps to 3,-1.2",
        "a spider web at 0,2:E",
        "Tür blau nEW",
        "II Loch Ns",
        "seat 2 passed",
    ]
    for text in old:
        assert codes(text), text
    fine = "Ben laid a T-junction east–south–west 2 right and 1 up from the start"
    assert codes(fine) == []
    assert codes("Es gab keinen Saboteur; New game, 2 gold") == []


@pytest.mark.parametrize(("ruleset", "players", "seed"), GAMES)
def test_a_whole_game_reads_as_words_in_every_language(
    ruleset: str, players: int, seed: int
) -> None:
    game = new_game(ruleset, players)
    state = game.new_state(seed)
    rng = random.Random(seed)
    for _ in range(MOST_MOVES):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    announced = get_ruleset(ruleset).announced
    names = NAMES[:players]
    kinds = set()
    for event in state.events:
        message = game.message(event)
        assert message.key != "event.other", event
        kinds.add(event.kind)
        said = [render(message, lang, names) for lang in LANGS]
        if event.kind in announced:
            said += [render(named(message, names), lang) for lang in LANGS]
        for text in said:
            assert codes(text) == [], (event, text)
    assert len(kinds) >= 5
