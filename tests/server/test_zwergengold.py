"""Zwergengold through the server, from its descriptor alone: listed with its options, refused
with bad options, played to the end by two WebSocket clients and against a random bot seat;
no view a client receives shows a face-down symbol."""

from __future__ import annotations

import random

import pytest

from saboteur.engine.zwergengold import cards as C
from tests.server.helpers import LiveServer, clients, new_table, play_out, random_chooser, seat_all

pytestmark = pytest.mark.anyio


def test_zwergengold_is_served_with_its_descriptor(server: LiveServer) -> None:
    rulesets = {entry["name"]: entry for entry in server.get("/api/rulesets")}
    entry = rulesets["zwergengold"]
    assert (entry["min_players"], entry["max_players"]) == (2, 7)
    assert "random" in entry["bots"]
    options = {option["name"]: option for option in entry["options"]}
    assert options["levels"]["default"] == 3 and options["levels"]["max"] == 7
    assert sum(card["count"] for card in entry["cards"]) == 156


async def test_two_mages_play_to_the_end(server: LiveServer) -> None:
    async with clients(server.ws, "Ann", "Ben") as players:
        game = await seat_all(players, ruleset="zwergengold", options={"rounds": 5})
        last = await play_out(players, game, random_chooser(random.Random(3)))
        views = [last[client]["view"] for client in players]
        assert all(view["phase"] == "over" for view in views)
        for view in views:
            for card in view["labyrinth"]:
                assert card["face"] == "up" or card["card"] in C.BACKS
            assert all(back in C.BACKS for supply in view["supplies"] for back in supply)
        finished = server.get("/api/games", status="finished")
        assert finished[0]["id"] == game and finished[0]["ruleset"] == "zwergengold"


async def test_a_mage_against_a_random_bot_seat(server: LiveServer) -> None:
    async with clients(server.ws, "Cleo") as [cleo]:
        game = await new_table(
            cleo, 3, ruleset="zwergengold", bots=["random", "random"], options={"rounds": 5}
        )
        await cleo.send({"type": "start", "game": game})
        cleo.pending.extend(await cleo.sync())
        last = await play_out([cleo], game, random_chooser(random.Random(9)))
        assert last[cleo]["view"]["phase"] == "over"


async def test_bad_zwergengold_tables_are_refused(server: LiveServer) -> None:
    async with clients(server.ws, "Dora") as [dora]:
        for message, words in (
            ({"players": 3, "options": {"levels": 9}}, "option levels must be from 2 to 7"),
            ({"players": 8}, "zwergengold is for 2 to 7 players"),
        ):
            await dora.send({"type": "new_game", "ruleset": "zwergengold", **message})
            error = await dora.expect("error")
            assert words in error["message"], error
