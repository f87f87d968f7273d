"""Places in words, the same in Python and in the browser: ``tests/places_cases.json`` holds the
messages Python makes for slots of every ruleset's board (tests/js/places.test.mjs checks that
static/places.js makes the same), and each view's board lists the landmarks they are told from."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from saboteur.engine import new_game
from saboteur.engine.classic import words as classic
from saboteur.engine.darkcave import words as darkcave
from saboteur.engine.duel import words as duel
from saboteur.engine.duel.layout import DUEL, SOLO
from saboteur.engine.messages import render

CASES_FILE = Path(__file__).resolve().parent / "places_cases.json"
BOARDS = {
    "classic": classic.PLACES,
    "duel": duel.places(DUEL, ("green", "blue")),
    "solo": duel.places(SOLO, ("blue",)),
    "darkcave": darkcave.places(4),
}
SLOTS = [(0, 0), (1, 0), (0, -1), (-1, 0), (0, 1), (2, -1), (4, 0), (6, 0), (7, 1), (8, 2), (3, 3)]


def cases() -> list[dict[str, Any]]:
    """Each board's landmarks and, per slot, the messages of where it is and what it is."""
    out = []
    for ruleset, places in BOARDS.items():
        marks = [{"x": m.x, "y": m.y, "name": m.name} for m in places.landmarks]
        for x, y in SLOTS:
            where, what = places.where(x, y), places.goal(x, y)
            out.append(
                {
                    "ruleset": ruleset,
                    "landmarks": marks,
                    "x": x,
                    "y": y,
                    "where": where.to_json(),
                    "slot": what.to_json(),
                    "en": render(where),
                    "de": render(what, "de"),
                }
            )
    return out


def _text(data: list[dict[str, Any]]) -> str:
    return "[\n" + ",\n".join(json.dumps(c, ensure_ascii=False) for c in data) + "\n]\n"


def test_the_browser_cases_are_what_python_makes() -> None:
    """Run ``python -m tests.test_places`` to write them again after a change."""
    assert CASES_FILE.read_text(encoding="utf-8") == _text(cases())


def test_words_for_places() -> None:
    told = {(c["ruleset"], c["x"], c["y"]): (c["en"], c["de"]) for c in cases()}
    assert told["classic", 1, 0][0] == "right of the start"
    assert told["classic", 2, -1][0] == "2 right and 1 up from the start"
    assert told["classic", 8, 2] == ("at the bottom goal", "das untere Ziel")
    assert told["duel", 0, 1][0] == "below the green start"  # a tie: the first start
    assert told["duel", 6, 0] == ("at the upper middle goal", "das obere mittlere Ziel")
    assert told["darkcave", 3, 3][1] == "die Karte 1 links und 1 hoch von dem Ziel unten rechts"


def test_every_view_lists_its_landmarks() -> None:
    for ruleset, players in (("classic", 3), ("duel", 2), ("solo", 1), ("darkcave", 4)):
        game = new_game(ruleset, players)
        marks = game.new_state(1).view(0)["board"]["landmarks"]
        names = {m["name"] for m in marks}
        assert {"start", "start.green"} & names and any(n.startswith("goal.") for n in names)
        board = game.new_state(1).view(None)["board"]
        assert board["landmarks"] == marks  # public: the same for everyone


if __name__ == "__main__":
    CASES_FILE.write_text(_text(cases()), encoding="utf-8")
