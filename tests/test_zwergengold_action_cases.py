"""The browser reads Zwergengold's actions with a parser of its own (``parseAction`` in
static/zwergengold.js); ``tests/zwergengold_action_cases.json`` holds actions of random games
with their parts as the engine reads them, and tests/js/zwergengold.test.mjs checks the browser
reads each the same way. Here: the cases are the engine's, and they hold every kind of action
random games offer. Made again by ``python -m tests.test_zwergengold_action_cases``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from saboteur.engine import new_game
from saboteur.engine.zwergengold.actions import MOVES, POTION, WORDS, order_of, parse_action

CASES = Path(__file__).resolve().parent / "zwergengold_action_cases.json"
PER_KIND = 6  # distinct actions kept of each kind (and of each lay: on a card, under the pile)
GAMES = 60
# what random games rarely offer: the stairs a plan card demands, places left of and above the start
EXTRA = ("stairs@2,2:3", "stairs@-1,0:0", "under@-2,3", "look@0,-4", "play:T-hammer@-3,-1:2")


def parts(text: str) -> dict[str, Any]:
    """An action's parts as the browser's ``parseAction`` gives them."""
    action = parse_action(text)
    kind = action.kind
    if kind in WORDS or kind == POTION:
        return {"kind": text}
    if kind in ("play", "read", "stairs"):
        x, y = action.slot if action.slot is not None else (None, None)
        turn = None if x is None else int(action.choice or 0)
        return {"kind": kind, "card": action.card, "x": x, "y": y, "turn": turn}
    if kind == "duel":
        return {"kind": kind, "seat": action.seat, "ap": int(action.choice or 0)}
    if kind == "order":
        return {"kind": kind, "order": list(order_of(action))}
    assert action.slot is not None, text
    return {"kind": kind, "x": action.slot[0], "y": action.slot[1]}


def _group(text: str) -> str:
    kind = parse_action(text).kind
    return f"{kind}@pile" if text.endswith("@pile") else kind


def offered(games: int = GAMES) -> dict[str, list[str]]:
    """The first distinct actions of each kind that random games (3 to 5 players) offer."""
    found: dict[str, list[str]] = {}
    for number in range(games):
        game = new_game("zwergengold", 3 + number % 3)
        state = game.new_state(seed=number)
        rng = random.Random(number)
        while not state.is_over:
            legal = state.legal_actions()
            for action in legal:
                kept = found.setdefault(_group(action.text), [])
                if len(kept) < PER_KIND and action.text not in kept:
                    kept.append(action.text)
            state.apply(rng.choice(legal))
    return found


def cases() -> list[dict[str, Any]]:
    texts = [text for group in sorted(offered().values()) for text in group]
    return [{"action": text, "parts": parts(text)} for text in [*texts, *EXTRA]]


def test_the_cases_are_the_engine_s_reading() -> None:
    for case in json.loads(CASES.read_text(encoding="utf-8")):
        assert parts(case["action"]) == case["parts"], case["action"]


def test_the_cases_hold_every_kind_random_games_offer() -> None:
    """Every kind of action (and a card laid under the pile), as random games offer them now:
    the file is what ``cases()`` makes."""
    saved = json.loads(CASES.read_text(encoding="utf-8"))
    groups = {_group(case["action"]) for case in saved}
    expected = {"play", "play@pile", "read", "read@pile", "stairs", "duel", "order", POTION}
    assert expected | {"look", "dust", "wall", *MOVES} | set(WORDS) <= groups
    assert saved == cases(), "run python -m tests.test_zwergengold_action_cases"


if __name__ == "__main__":
    CASES.write_text(json.dumps(cases(), indent=1) + "\n", encoding="utf-8")
    print(f"{CASES}: {len(json.loads(CASES.read_text()))} cases")
