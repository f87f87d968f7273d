"""Zwergengold (2–7 mages) as a :class:`~saboteur.engine.base.Game`, and its options.

>>> ZwergengoldGame(3).config()
{'ruleset': 'zwergengold', 'players': 3, 'options': {}}
>>> game = ZwergengoldGame(4, {"levels": "5", "no_plan": True})
>>> game.levels, game.no_plan, game.options
(5, True, {'levels': 5, 'no_plan': True})
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from saboteur.engine.base import PackageGame
from saboteur.engine.options import Option, OptionsSchema
from saboteur.engine.ruleset import PlayerRange
from saboteur.engine.zwergengold.state import ZwergengoldState


def _flag(name: str, title: tuple[str, str], english: str, german: str) -> Option:
    """A yes/no option (off by default), titled and explained in English and German."""
    words = {"en": title[0], "de": title[1]}
    return Option(name, "bool", False, title=words, help={"en": english, "de": german})


LEVELS = Option(
    "levels",
    "int",
    3,
    minimum=2,
    maximum=7,
    title={"en": "Levels", "de": "Ebenen"},
    help={
        "en": "the level of the gold: how many levels down the mages must go (the start is 1)",
        "de": "die Ebene des Goldes: wie tief die Magier hinab müssen (der Start ist Ebene 1)",
    },
)
TABLE = Option(
    "table",
    "int",
    13,
    choices=(9, 11, 13, 15, 17, 19, 21),
    title={"en": "Table size", "de": "Tischgröße"},
    help={
        "en": "cards across the table, the start card in the middle",
        "de": "Karten über den Tisch, die Startkarte in der Mitte",
    },
)
FIRST = Option(
    "first",
    "seat",
    None,
    title={"en": "First player", "de": "Startspieler"},
    help={"en": "the seat that begins (random if none)", "de": "wer beginnt (sonst zufällig)"},
)
NO_PLAN = _flag(
    "no_plan",
    ("Variant “Kein Plan!”", "Variante „Kein Plan!“"),
    "stairs set apart, plan cards shuffled in; orc 3 AP, troll 5 AP",
    "Treppen beiseite, Plankarten eingemischt; Ork 3 AP, Troll 5 AP",
)
SUMMIT = _flag(
    "summit",
    ("Variant “Auf zum Gipfel!”", "Variante „Auf zum Gipfel!“"),
    "build upwards: stairs lead up, free cards may be covered; the gold lies above the start",
    "nach oben bauen: Treppen führen hinauf, freie Karten dürfen belegt werden; das Gold liegt"
    " über dem Start",
)
PLACES = _flag(
    "places",
    ("Play on for places", "Plätze ausspielen"),
    "a mage at the gold takes the next place; the others play on until one is left",
    "wer das Gold erreicht, belegt den nächsten Platz; die anderen spielen weiter, bis einer"
    " übrig ist",
)
ROUNDS = Option(
    "rounds",
    "int",
    60,
    minimum=5,
    maximum=500,
    title={"en": "Round limit", "de": "Rundenlimit"},
    help={
        "en": "the game ends without a winner after this many rounds",
        "de": "nach so vielen Runden endet das Spiel ohne Sieger",
    },
)
SCHEMA = OptionsSchema("zwergengold", (LEVELS, TABLE, FIRST, NO_PLAN, SUMMIT, PLACES, ROUNDS))
DEFAULTS = {option.name: option.default for option in SCHEMA.options}


class ZwergengoldGame(PackageGame[ZwergengoldState]):
    """Zwergengold: 2 to 7 mages race down the levels of a labyrinth to the gold."""

    ruleset = "zwergengold"
    package = "saboteur.engine.zwergengold"
    state_type = ZwergengoldState
    seats = PlayerRange(2, 7, 4)

    def __init__(self, players: int, options: Mapping[str, Any] | None = None) -> None:
        self.players = self.seats.check(self.ruleset, players)
        given = SCHEMA.read(options or {}, self.players)
        self.options = {k: v for k, v in given.items() if v != DEFAULTS[k]}
        chosen = DEFAULTS | given
        self.levels: int = chosen["levels"]
        self.table: int = chosen["table"]
        self.first: int | None = chosen["first"]
        self.no_plan: bool = chosen["no_plan"]
        self.summit: bool = chosen["summit"]
        self.places: bool = chosen["places"]
        self.rounds: int = chosen["rounds"]
