"""Canned server messages for pictures of the terminal client that never change: fixed names,
fixed times, a game dealt from a fixed seed, played by the engine (no server, no clock)."""

from __future__ import annotations

import random
from typing import Any

from saboteur.engine import new_game
from saboteur.server.messages import catalogue_body
from saboteur.tui.connection import Message, ServerInfo

AT = "2026-11-22T02:38:37+00:00"
NAMES = ["Ann", "Balin", "Nain"]


def info() -> ServerInfo:
    """The rulesets and the catalogue as a server serves them (made here, not fetched)."""
    from saboteur.engine.registry import RULESETS

    rulesets = []
    for name, ruleset in RULESETS.items():
        described = ruleset.to_json()
        described["default"] = name == next(iter(RULESETS))
        rulesets.append(described)
    return ServerInfo("http://127.0.0.1:8765/", rulesets, catalogue_body())


def summary(game: int, status: str, seats: list[str | None], **more: Any) -> Message:
    return {
        "id": game, "ruleset": "classic", "players": len(seats), "options": more.pop("options", {}),
        "status": status, "host": seats[0], "seats": seats, "clock": None,
        "bots": more.pop("bots", [None] * len(seats)), "created_at": AT,
        "started_at": AT if status == "active" else None, "away": [], **more,
    }  # fmt: skip


def welcome() -> Message:
    chat = [
        {"type": "chat", "channel": "global", "from": "Cat", "text": "who digs with me?", "at": AT},
        {"type": "chat", "channel": "global", "from": "Ann", "text": "table 4 is open", "at": AT},
    ]
    whispers = [
        {"type": "chat", "channel": "whisper", "from": "Cat", "to": "Ann", "text": "psst", "at": AT}
    ]
    return {
        "type": "welcome", "user": {"id": 1, "name": "Ann"}, "token": "t" * 32,
        "online": ["Ann", "Cat", "Dwalin"], "online_count": 3,
        "games": {
            "open": [summary(4, "open", ["Ann", None, "Nain"], options={"rounds": 1},
                             bots=[None, None, "random"])],
            "active": [summary(3, "active", ["Cat", "Dwalin", "Eve", "Fili"], round=2,
                               current=1)],
        },
        "open_count": 1, "active_count": 1,
        "finished": [{"id": 2, "ruleset": "classic", "players": 3, "options": {},
                      "status": "finished", "seats": ["Cat", "Ann", "Eve"], "finished_at": AT}],
        "highscores": [{"name": "Cat", "gold": 9, "games": 3, "won": 2},
                       {"name": "Ann", "gold": 4, "games": 3, "won": 1}],
        "chat": chat, "whispers": whispers,
    }  # fmt: skip


def game_message(seed: int = 11, moves: int = 9) -> Message:
    """Seat 0's game message after ``moves`` random moves of a classic game dealt from ``seed``
    (seat 0 to play), with the events seat 0 saw, as the server words them."""
    game = new_game("classic", 3, {"rounds": 1})
    state = game.new_state(seed)
    rng = random.Random(seed)
    while len(state.events) < 200 and (moves > 0 or state.current_player != 0):
        state.apply(rng.choice(state.legal_actions()))
        moves -= 1
    events = [
        {**e.to_json(), "text": game.describe(e, NAMES), "message": game.message(e).to_json()}
        for e in state.events
        if e.visible_to(0)
    ][-40:]
    view = state.view(0)
    bots = [None, "random", "heuristic"]
    return {
        "type": "game", "game": 4, "seat": 0, "seq": 9,
        "names": NAMES,
        "summary": summary(4, "active", list(NAMES), options={"rounds": 1}, bots=bots, round=1,
                           current=0),
        "view": view, "events": events, "sync": True,
    }  # fmt: skip


class FakeLink:
    """A link that hands the app canned messages and keeps what it sends."""

    def __init__(self, app: Any, messages: list[Message]) -> None:
        self.app = app
        self.messages = messages
        self.sent: list[Message] = []

    async def run(self) -> None:
        self.app.status("online", None)
        for message in self.messages:
            await self.app.receive(message)

    async def send(self, message: Message) -> None:
        self.sent.append(message)

    async def close(self) -> None:
        pass
