"""Bot seats: the host seats bots at creation; they play their turns through the server."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from saboteur.server.store.store import FINISHED, Store
from tests.server.helpers import (
    Client,
    LiveServer,
    Message,
    clients,
    live_server,
    new_table,
    play_out,
    random_chooser,
    seat_all,
    sqlite_url,
)

pytestmark = pytest.mark.anyio


async def bot_game(host: Client, bots: list[str | None], **options: Any) -> int:
    """``host`` creates and starts a game with these bot seats (all other seats must be bots)."""
    game = await new_table(host, len(bots) + 1, bots=bots, options=options)
    await host.send({"type": "start", "game": game})
    host.pending.extend(await host.sync())
    return game


async def test_a_bot_is_the_same_dwarf_at_every_table_but_never_twice_at_one(
    server: LiveServer,
) -> None:
    """Bot seats sit as dwarfs named by their kind: the same user for the same bot everywhere
    (its results add up), another one for a second bot of that kind at one table; a name a
    person holds is passed over."""
    async with clients(server.ws, "Ann", "Ben", "Groin") as [ann, ben, _groin]:
        seated = []
        for host, bots in ((ann, ["random", "random"]), (ben, [None, "random"])):
            await host.send({"type": "new_game", "players": 3, "bots": bots})
            seated.append((await host.expect("joined"))["game"]["seats"])
        assert seated[0][1:] == ["Nain", "Durin"]  # "Groin", the first random dwarf, is a person's
        assert seated[1] == ["Ben", None, "Nain"]  # the same Nain as at Ann's table


async def test_a_host_plays_a_game_against_two_bots(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    with live_server(url) as server:
        async with clients(server.ws, "Ann") as [ann]:
            await ann.send(
                {
                    "type": "new_game",
                    "players": 3,
                    "bots": ["heuristic", "random"],
                    "options": {"rounds": 1},
                }
            )
            joined = await ann.expect("joined")
            summary = joined["game"]
            game = summary["id"]
            assert summary["seats"] == ["Ann", "Frar", "Groin"]  # dwarfs (see identity.bot_names)
            assert summary["bots"] == [None, "heuristic", "random"]
            assert server.get("/api/games", status="open")[0]["bots"] == summary["bots"]
            await ann.send({"type": "start", "game": game})
            ann.pending.extend(await ann.sync())
            last = await play_out([ann], game, random_chooser(random.Random(5)))
            assert last[ann]["view"]["phase"] == "over"
            await ann.expect("highscores")  # the results are stored
            assert [row["name"] for row in server.get("/api/highscores")] == ["Ann"]
            await ann.send({"type": "lists"})
            lists = await ann.expect("lists")
            assert lists["online"] == ["Ann"]
    store = Store(url)
    try:
        [row] = await store.load_games((FINISHED,))
    finally:
        await store.close()
    actors = {actor for _text, actor in row.actions}
    assert "bot" in actors and actors <= {"bot", "player"}


@pytest.mark.parametrize(
    ("bots", "players"),
    [
        (["heuristic"], 3),  # too few entries
        (["heuristic", None, "random"], 3),  # too many
        (["chess", None], 3),  # no such bot
        (["ismcts:iterations=100000", None], 3),  # budgets are not the host's to pick
        ([], 3),  # an empty list is not "no bots"
    ],
)
async def test_bad_bots_are_refused_and_nothing_is_created(
    server: LiveServer, bots: list[str | None], players: int
) -> None:
    async with clients(server.ws, "Ann") as [ann]:
        reply = await ann.error({"type": "new_game", "players": players, "bots": bots})
        assert reply["code"] == "bad-bots"
        assert server.get("/api/games", status="open") == []
        assert server.service.tables == {}


async def test_bots_carry_on_after_a_restart(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    rng = random.Random(7)
    with live_server(url) as server:
        async with clients(server.ws, "Ann") as [ann]:
            game = await bot_game(ann, ["heuristic", "random"], rounds=1)
            await play_out([ann], game, random_chooser(rng), stop_after=6)
            token = ann.token
    with live_server(url) as server:
        [active] = server.get("/api/games", status="active")
        assert active["id"] == game and active["bots"] == [None, "heuristic", "random"]
        ann = await Client.open(server.ws, token=token)
        try:
            last = await play_out([ann], game, random_chooser(rng))
            assert last[ann]["view"]["phase"] == "over"
        finally:
            await ann.close()
    store = Store(url)
    try:
        [row] = await store.load_games((FINISHED,))
    finally:
        await store.close()
    assert {actor for _text, actor in row.actions} == {"bot", "player"}


async def test_a_bot_plays_for_an_absent_player_until_they_return(server: LiveServer) -> None:
    server.service.absence_timeout = 0.3
    rng = random.Random(11)
    said: list[str] = []

    async def listen(client: Client, message: Message) -> None:
        if client.name == "Ann" and message["type"] == "chat" and message["from"] is None:
            said.append(message["text"])

    async with clients(server.ws, "Ann", "Bob", "Cat") as players:
        ann, bob, cat = players
        game = await seat_all(players, options={"rounds": 1})
        await play_out(players, game, random_chooser(rng), stop_after=3)
        await cat.close()
        resume([ann, bob], game)
        # Ann and Bob play on; Cat's turns are played by a bot once she has been gone a while
        last = await play_out([ann, bob], game, random_chooser(rng), 12, listen)
        assert "Cat is away: a bot plays for them." in said
        assert last[ann]["summary"]["away"] == [2]
        back = await Client.open(server.ws, token=cat.token)
        try:
            await ann.expect("chat", text="Cat is back.")
            resume([ann, bob], game)
            final = await play_out([ann, bob, back], game, random_chooser(rng))
            assert final[back]["view"]["phase"] == "over"
            assert final[back]["summary"]["away"] == []
            await ann.expect("highscores")  # the results are stored
        finally:
            await back.close()
    rows = {row["name"]: row["games"] for row in server.get("/api/highscores")}
    assert rows == {"Ann": 1, "Bob": 1, "Cat": 1}


def resume(players: list[Client], game: int) -> None:
    """Let each client read its latest view again, so that play_out picks up from there."""
    for client in players:
        client.pending.append(client.last_game(game))


async def test_a_table_of_bots_alone_is_gone_when_its_host_leaves(server: LiveServer) -> None:
    async with clients(server.ws, "Ann") as [ann]:
        game = await new_table(ann, 3, bots=["random", "heuristic"])
        await ann.send({"type": "leave", "game": game})
        left = await ann.expect("left")
        assert left["kept_seat"] is False
        assert server.get("/api/games", status="open") == []
        assert server.get("/api/online") == ["Ann"]


async def test_leaving_a_running_game_hands_the_seat_to_a_bot_at_once(server: LiveServer) -> None:
    server.service.absence_timeout = 600  # no waiting for the timeout: leaving is enough
    rng = random.Random(4)
    async with clients(server.ws, "Ann", "Bob", "Cat") as players:
        ann, bob, cat = players
        game = await seat_all(players, options={"rounds": 1})
        await play_out(players, game, random_chooser(rng), stop_after=2)
        await cat.send({"type": "leave", "game": game})
        assert (await cat.expect("left"))["kept_seat"] is True
        await ann.expect("chat", text="Cat left: a bot plays for them.")
        resume([ann, bob], game)
        last = await play_out([ann, bob], game, random_chooser(rng), stop_after=9)
        assert last[ann]["summary"]["away"] == [2]
        await cat.send({"type": "join", "game": game})  # takes the seat back
        assert (await cat.expect("joined"))["seat"] == 2
        await ann.expect("chat", text="Cat is back.")
        resume([ann, bob], game)
        cat.pending.append(await cat.expect("game", game=game))
        final = await play_out(players, game, random_chooser(rng))
        assert final[cat]["view"]["phase"] == "over" and final[cat]["summary"]["away"] == []
    assert "bot" in await actors(server.db_url, game)  # Cat's turns while she was gone


async def actors(db_url: str, game: int) -> set[str]:
    """Who made the stored moves of a game: player, bot, clock."""
    store = Store(db_url)
    try:
        row = await store.game(game)
    finally:
        await store.close()
    assert row is not None
    return {actor for _action, actor in row.actions}


async def test_a_player_gone_before_the_start_is_played_for_by_a_bot(server: LiveServer) -> None:
    server.service.absence_timeout = 0.3
    async with clients(server.ws, "Ann", "Bob") as [ann, bob]:
        cat = await Client.open(server.ws, "Cat")
        game = await new_table(ann, 3)
        for client in (bob, cat):
            await client.send({"type": "join", "game": game})
            await client.expect("joined")
        await cat.close()  # gone while the table is still open
        await ann.send({"type": "start", "game": game})
        ann.pending.extend(await ann.sync())
        said = await ann.expect_keeping("chat", text="Cat is away: a bot plays for them.")
        assert said["from"] is None
        last = await play_out([ann, bob], game, random_chooser(random.Random(8)), stop_after=6)
        assert last[ann]["summary"]["away"] == [2]


async def test_an_ismcts_bot_seat_plays_a_demo_game(tmp_path: Path) -> None:
    with live_server(sqlite_url(tmp_path)) as server:
        async with clients(server.ws, "Ann") as [ann]:
            game = await bot_game(ann, ["ismcts", "random"], demo=True)
            last = await play_out([ann], game, random_chooser(random.Random(2)))
            assert last[ann]["view"]["phase"] == "over"
            assert last[ann]["summary"]["bots"] == [None, "ismcts", "random"]
            await ann.expect("highscores")  # the results are stored: the record is public
        record = server.get(f"/api/games/{game}/record")
        assert len(record["actions"]) == last[ann]["seq"]
        assert await actors(server.db_url, game) == {"player", "bot"}
