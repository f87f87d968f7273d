"""Zwergengold through the server, from its descriptor alone: listed with its options, refused
with bad options, played to the end by two WebSocket clients and against a random bot seat;
no message a client receives tells it a symbol it was not shown."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from saboteur.engine.zwergengold import cards as C
from tests.server.helpers import (
    Client,
    LiveServer,
    Message,
    clients,
    new_table,
    play_out,
    random_chooser,
    seat_all,
)

pytestmark = pytest.mark.anyio


def test_zwergengold_is_served_with_its_descriptor(server: LiveServer) -> None:
    rulesets = {entry["name"]: entry for entry in server.get("/api/rulesets")}
    entry = rulesets["zwergengold"]
    assert (entry["min_players"], entry["max_players"]) == (2, 7)
    assert {"random", "heuristic"} <= set(entry["bots"])
    options = {option["name"]: option for option in entry["options"]}
    assert options["levels"]["default"] == 3 and options["levels"]["max"] == 7
    assert sum(card["count"] for card in entry["cards"]) == 156


SECRET = {card for card in C.BOX_COUNTS if C.symbol(card)}


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


class Spy:
    """What each client has been told so far; a card with a symbol may appear in a message only
    once it was turned over in the labyrinth for all, or shown to this client alone."""

    def __init__(self) -> None:
        self.known: dict[Client, set[str]] = {}

    async def __call__(self, client: Client, message: Message) -> None:
        known = self.known.setdefault(client, set())
        for event in message.get("events", []):
            if event.get("kind") in ("turn-over", "saw", "foresaw"):
                known |= set(_strings(event)) & SECRET
        view = message.get("view", {})
        known |= {card for _, _, card in view.get("seen", [])} | set(view.get("foreseen", []))
        told = set(_strings(message)) & SECRET
        assert told <= known, (told - known, message.get("type"))


GAMES = 4  # a random game turns over no card with a symbol and looks at none about once in 125


async def test_two_mages_play_to_the_end(server: LiveServer) -> None:
    """Two clients play random games to the end; the spy checks every message. A game that
    turned no card with a symbol over and let no mage look at one would leave the spy nothing
    to check: then another is played (by two new clients), up to ``GAMES``."""
    rng = random.Random(3)
    for played in range(1, GAMES + 1):
        names = (f"Ann{played}", f"Ben{played}")
        async with clients(server.ws, *names) as players:
            game = await seat_all(players, ruleset="zwergengold", options={"rounds": 8})
            spy = Spy()
            last = await play_out(players, game, random_chooser(rng), on_message=spy)
            _check_the_end([last[client]["view"] for client in players])
        # cards were turned over or looked at (which seat sees what varies with the order the
        # two clients draw their moves in)
        if any(spy.known.values()):
            break
    else:
        raise AssertionError(f"in {GAMES} games no card with a symbol was turned over or seen")
    finished = server.get("/api/games", status="finished")
    assert len(finished) == played
    assert finished[0]["id"] == game and finished[0]["ruleset"] == "zwergengold"


def _check_the_end(views: list[Message]) -> None:
    """The game is over for every seat, and its labyrinth's face-down cards and the supplies
    show their backs, or (to the mage who looked) what was seen of them."""
    assert all(view["phase"] == "over" for view in views)
    for view in views:
        looked = {(x, y): card for x, y, card in view.get("seen", [])}
        for card in view["labyrinth"]:  # face down: its back, or what this mage saw of it
            where = (card["x"], card["y"])
            if card["face"] == "down":
                assert (
                    card["card"] == looked[where] if card.get("seen") else card["card"] in C.BACKS
                )
        assert all(back in C.BACKS for supply in view["supplies"] for back in supply)


async def test_a_mage_against_a_heuristic_and_a_random_bot_seat(server: LiveServer) -> None:
    async with clients(server.ws, "Cleo") as [cleo]:
        game = await new_table(
            cleo, 3, ruleset="zwergengold", bots=["heuristic", "random"], options={"rounds": 5}
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


async def test_the_spy_sees_a_leak() -> None:
    spy, client = Spy(), object()
    await spy(client, {"type": "game", "events": [{"kind": "saw", "card": "I-pick-dragon"}]})  # type: ignore[arg-type]
    with pytest.raises(AssertionError):
        await spy(client, {"type": "game", "view": {"supplies": [["T-pick-goblin"]]}})  # type: ignore[arg-type]
