"""Events and the server's chat lines carry their catalogue message (docs/messages.md), which
renders to the English text they carry; the catalogue is served."""

from __future__ import annotations

import random

import pytest

from saboteur.engine.messages import render
from saboteur.server.messages import catalogue_body
from tests.server.helpers import LiveServer, clients, play_out, random_chooser, seat_all

pytestmark = pytest.mark.anyio


async def test_events_and_server_lines_carry_their_message(server: LiveServer) -> None:
    names = ["Ann", "Ben", "Cat"]
    async with clients(server.ws, *names) as table:
        game = await seat_all(table, options={"demo": True})
        await play_out(table, game, random_chooser(random.Random(2)))
        for seat, client in enumerate(table):
            await client.expect("highscores")  # the game's end is told and stored
            events = [e for m in client.of_type("game") for e in m["events"]]
            assert len(events) > 10
            for event in events:
                assert event.get("to") in (None, seat)  # only what this seat may see
                assert render(event["message"], "en", names) == event["text"], event
            said = [m for m in client.of_type("chat") if m["from"] is None]
            turns = [m for m in said if m["message"]["key"] == "server.turn"]
            assert turns and said[-1]["message"]["key"] == "classic.game-over"
            for line in said:
                assert render(line["message"], "en") == line["text"], line
            assert render(turns[0]["message"], "de") == turns[0]["text"].replace(
                "It is ", ""
            ).replace("'s turn.", " ist am Zug.")
    assert server.get("/api/messages") == catalogue_body()
