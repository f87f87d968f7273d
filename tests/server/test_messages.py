"""Events and the server's chat lines carry their catalogue message (docs/messages.md), which
renders to the English text they carry; the catalogue is served."""

from __future__ import annotations

import random
from typing import Any

import pytest

from saboteur.engine import new_game
from saboteur.engine.messages import named, render
from saboteur.play.simulate import play_random_game
from saboteur.server.messages import catalogue_body
from saboteur.server.store.store import GameRow
from saboteur.server.tables import Table
from tests.server.helpers import LiveServer, clients, play_out, random_chooser, seat_all


@pytest.mark.anyio
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
            assert not [m for m in said if m["message"]["key"] == "server.turn"]  # not chatted
            assert said[-1]["message"]["key"] == "classic.game-over"
            for line in said:
                assert render(line["message"], "en") == line["text"], line
            assert render(said[-1]["message"], "de").startswith("Das Spiel ist aus: ")
    assert server.get("/api/messages") == catalogue_body()


def test_stored_result_lines_get_their_message_back() -> None:
    """The store keeps a server line's text only; a table gives its result lines their
    message again when it sends the chat's history (other lines stay as they are)."""
    game = new_game("classic", 3, {"demo": True})
    row = GameRow(1, "classic", 3, {"demo": True}, 5, "active", 1, None, None)
    table = Table(row, game)
    assert table.with_messages([{"from": None, "text": "x"}], ["A", "B", "C"]) == [
        {"from": None, "text": "x"}
    ]
    table.state = play_random_game(game, 5)
    names = ["Ann", "Ben", "Cat"]
    [over] = [e for e in table.state.events if e.kind == "game-over"]
    result = game.describe(over, names)
    lines: list[dict[str, Any]] = [
        {"from": None, "text": result},
        {"from": "Ann", "text": result},  # a player quoting it is not the server
        {"from": None, "text": "Ann is away: a bot plays for them."},
    ]
    told = table.with_messages(lines, names)
    assert told[0]["message"] == named(game.message(over), names).to_json()
    assert render(told[0]["message"], "de").startswith("Das Spiel ist aus: ")
    assert told[1:] == lines[1:]
