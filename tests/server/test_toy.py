"""The toy ruleset (tests/toy) through the server: listed, validated, played to the end by two
WebSocket clients and against a random bot seat, its results stored — with no server code that
knows it (registered here for the module's tests, as ``SABOTEUR_RULESETS=tests.toy:TOY``
registers it for a server process)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from saboteur.engine.registry import registered
from saboteur.server.identity import bot_names
from tests.server.helpers import (
    LiveServer,
    clients,
    new_table,
    play_out,
    random_chooser,
    seat_all,
)
from tests.toy import TOY

pytestmark = pytest.mark.anyio


@pytest.fixture(autouse=True)
def toy_registered() -> Iterator[None]:
    with registered(TOY):
        yield


def test_the_toy_is_served_with_its_descriptor(server: LiveServer) -> None:
    rulesets = {entry["name"]: entry for entry in server.get("/api/rulesets")}
    toy = rulesets["toy"]
    assert (toy["min_players"], toy["max_players"], toy["default_players"]) == (2, 2, 2)
    assert toy["bots"] == ["random"] and toy["sides"] == ["first", "second"]
    distance = next(option for option in toy["options"] if option["name"] == "distance")
    assert (distance["type"], distance["min"], distance["max"], distance["default"]) == (
        "int",
        2,
        4,
        3,
    )
    assert {card["name"] for card in toy["cards"]} >= {"start", "goal", "EW", "NESW"}


async def test_two_clients_play_a_toy_game_to_the_end(server: LiveServer) -> None:
    async with clients(server.ws, "Ann", "Ben") as players:
        game = await seat_all(players, ruleset="toy", options={"distance": 2})
        last = await play_out(players, game, random_chooser(random.Random(4)))
        views = [last[client]["view"] for client in players]
        assert all(view["phase"] == "over" for view in views)
        for seat, view in enumerate(views):  # one's own cards, and only counts of the other's
            assert view["seat"] == seat and isinstance(view["hand"], list)
            assert all(isinstance(count, int) for count in view["hands"])
        finished = server.get("/api/games", status="finished")
        assert finished[0]["id"] == game and finished[0]["ruleset"] == "toy"


async def test_a_toy_game_against_a_random_bot_seat(server: LiveServer) -> None:
    async with clients(server.ws, "Cleo") as [cleo]:
        game = await new_table(cleo, 2, ruleset="toy", bots=["random"])
        await cleo.send({"type": "start", "game": game})
        cleo.pending.extend(await cleo.sync())
        last = await play_out([cleo], game, random_chooser(random.Random(9)))
        assert last[cleo]["view"]["phase"] == "over"
        assert last[cleo]["names"][1] in bot_names("random")  # a dwarf
        assert last[cleo]["summary"]["bots"] == [None, "random"]


async def test_bad_toy_tables_are_refused_and_change_nothing(server: LiveServer) -> None:
    async with clients(server.ws, "Dora") as [dora]:
        for message, words in (
            ({"players": 2, "options": {"distance": 9}}, "option distance must be from 2 to 4"),
            ({"players": 3}, "toy is for exactly 2 players"),
            ({"players": 2, "bots": ["ismcts"]}, "cannot seat bot 'ismcts'"),
        ):
            await dora.send({"type": "new_game", "ruleset": "toy", **message})
            error = await dora.expect("error")
            assert words in error["message"], error
        assert server.get("/api/games", status="open") == []
