"""Several nodes on one PostgreSQL database and one Redis: the same lobby, chat and games.

Against the real PostgreSQL (127.0.0.1:5432) and Redis (127.0.0.1:6379); the Redis-restart
test runs a Redis server of its own on a free port so that it can stop and start it.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
from redis.exceptions import RedisError

from saboteur.server.bus import LocalBus, RedisBus, channel_for
from saboteur.server.games import Games
from saboteur.server.hub import Hub
from saboteur.server.ports import Shared
from tests.server.helpers import (
    REDIS,
    Client,
    ServerProcess,
    clients,
    fake_publisher,
    free_port,
    play_out,
    random_chooser,
    seat_all,
    two_nodes,
    wait_until,
)

pytestmark = pytest.mark.anyio


def test_the_channel_is_the_database_s() -> None:
    one = channel_for("postgresql+asyncpg://postgres@127.0.0.1:5432/a")
    assert one != channel_for("postgresql+asyncpg://postgres@127.0.0.1:5432/b")


async def test_lobby_chat_and_a_game_across_two_nodes(postgres_url: str, redis_url: str) -> None:
    with two_nodes(postgres_url, redis_url) as (a, b):
        async with (
            clients(a.ws, "Ann", "Bob") as [ann, bob],
            clients(b.ws, "Cat", "Dan") as [
                cat,
                dan,
            ],
        ):
            everyone = ["Ann", "Bob", "Cat", "Dan"]
            await ann.expect("presence", online=everyone)
            await wait_until(lambda: a.get("/api/online") == b.get("/api/online") == everyone)
            assert a.get("/api/health")["online"] == 4 and a.get("/api/health")["connections"] == 2

            await cat.send({"type": "chat", "channel": "global", "text": "hi from b"})
            for client in (ann, bob, cat, dan):
                await client.expect("chat", channel="global", text="hi from b")
            async with clients(a.ws, "Eve") as [eve]:  # node a kept the lines it had: now stale
                assert [line["text"] for line in eve.welcome["chat"]] == ["hi from b"]
            await ann.send({"type": "chat", "channel": "whisper", "to": "dan", "text": "psst"})
            whisper = await dan.expect("chat", channel="whisper")
            assert (whisper["from"], whisper["to"], whisper["text"]) == ("Ann", "Dan", "psst")
            await ann.expect("chat", channel="whisper", text="psst")
            assert [m for m in await bob.sync() if m.get("channel") == "whisper"] == []

            players = [ann, cat, bob, dan]  # seats alternate between the nodes
            game = await seat_all(players)
            await wait_until(
                lambda: [g["id"] for g in b.get("/api/games", status="active")] == [game]
            )

            async def wish_luck(client: Client, message: dict[str, object]) -> None:
                if client is dan and message["type"] == "game" and message["seq"] == 0:
                    await dan.send(
                        {"type": "chat", "channel": "game", "game": game, "text": "luck"}
                    )

            last = await play_out(
                players, game, random_chooser(random.Random(6)), on_message=wish_luck
            )
            for client in players:  # the in-game chat line reached the seats on both nodes
                assert [m["text"] for m in client.of_type("chat") if m["from"] == "Dan"] == ["luck"]
            finals = [last[client]["view"] for client in players]
            assert {view["phase"] for view in finals} == {"over"}
            assert len({last[client]["seq"] for client in players}) == 1
            assert len({tuple(view["scores"]) for view in finals}) == 1
            for client in players:
                await client.expect("highscores")
            for node in (a, b):
                await wait_until(lambda node=node: node.get("/api/games", status="active") == [])
                [finished] = node.get("/api/games", status="finished")
                assert finished["id"] == game
            record = b.get(f"/api/games/{game}/record")
            assert len(record["actions"]) == last[ann]["seq"]
            scores = {row["name"]: row["gold"] for row in a.get("/api/highscores")}
            assert scores == dict(zip(record["names"], finals[0]["scores"], strict=True))


async def test_a_name_change_and_a_race_for_the_last_seat(
    postgres_url: str, redis_url: str
) -> None:
    with two_nodes(postgres_url, redis_url) as (a, b):
        async with clients(a.ws, "Ann", "Bob") as [ann, bob], clients(b.ws, "Cat") as [cat]:
            await ann.send({"type": "new_game", "players": 3})
            game = (await ann.expect("joined"))["game"]["id"]
            await wait_until(lambda: [g["id"] for g in b.get("/api/games")] == [game])
            await bob.send({"type": "join", "game": game})
            await cat.send({"type": "join", "game": game})
            await bob.expect("joined")
            await cat.expect("joined")
            await wait_until(
                lambda: a.get("/api/games")[0]["seats"] == b.get("/api/games")[0]["seats"]
            )
            assert sorted(a.get("/api/games")[0]["seats"]) == ["Ann", "Bob", "Cat"]
            await bob.send({"type": "leave", "game": game})
            await bob.expect("left")
            async with clients(b.ws, "Dan") as [dan]:  # Bob's freed seat: one of the two wins it
                await wait_until(lambda: None in b.get("/api/games")[0]["seats"])
                await bob.send({"type": "join", "game": game})
                await dan.send({"type": "join", "game": game})
                replies = [
                    await bob.expect_any("joined", "error"),
                    await dan.expect_any("joined", "error"),
                ]
                assert sorted(r["type"] for r in replies) == ["error", "joined"]
                assert [r["code"] for r in replies if r["type"] == "error"] in (
                    ["game-full"],
                    ["conflict"],
                )
            await cat.send({"type": "rename", "name": "Catherine"})
            await ann.expect("presence", online=["Ann", "Bob", "Catherine"])
            await wait_until(lambda: "Catherine" in a.get("/api/games")[0]["seats"])


async def test_a_node_killed_mid_game(tmp_path: Path, postgres_url: str, redis_url: str) -> None:
    rng = random.Random(11)
    cluster = ("--db", postgres_url, "--redis", redis_url)
    a = ServerProcess(tmp_path, *cluster)
    b = ServerProcess(tmp_path, *cluster)
    try:
        ann, cat = await Client.open(a.ws, "Ann"), await Client.open(a.ws, "Cat")
        bob = await Client.open(b.ws, "Bob")
        players = [ann, bob, cat]
        game = await seat_all(players, options={"rounds": 1})
        chooser = random_chooser(rng)
        await play_out(players, game, chooser, stop_after=9)
        await ann.send({"type": "chat", "channel": "game", "game": game, "text": "before"})
        await bob.expect("chat", text="before")
        views = {client.name: client.last_game(game) for client in players}
        a.kill()  # SIGKILL: Ann and Cat lose their node
        for client in (ann, cat):
            client.connection.transport.abort()

        back = [await Client.open(b.ws, token=client.token) for client in (ann, cat)]
        for client in back:
            await client.expect("joined", timeout=15)
            view = await client.expect("game", game=game)
            assert view["seq"] == 9 and view["view"] == views[client.name]["view"]
            history = await client.expect("chat_history", game=game)
            assert "before" in [line["text"] for line in history["lines"]]
            client.pending.append(view)
        bob.pending.append(bob.last_game(game))  # read by the first play_out already
        last = await play_out([back[0], bob, back[1]], game, chooser)
        assert last[bob]["view"]["phase"] == "over"
        await bob.expect("highscores")
        record = b.get(f"/api/games/{game}/record")
        assert len(record["actions"]) == last[bob]["seq"]  # not one action lost or doubled
        for client in (*back, bob):
            await client.close()
    finally:
        a.kill()
        b.kill()


@contextlib.contextmanager
def own_redis(tmp_path: Path, port: int) -> Iterator[subprocess.Popen[bytes]]:
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("redis-server is not installed")
    process = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        cwd=tmp_path,
        stdout=subprocess.DEVNULL,
    )
    try:
        client = redis.Redis(port=port, socket_connect_timeout=1)
        deadline = time.monotonic() + 10
        while True:
            with contextlib.suppress(redis.RedisError):
                if client.ping():
                    break
            assert time.monotonic() < deadline, "redis-server did not start"
            time.sleep(0.05)
        yield process
    finally:
        process.terminate()
        process.wait(10)


async def test_redis_restarted_mid_game(tmp_path: Path, postgres_url: str) -> None:
    port = free_port()
    url = f"redis://127.0.0.1:{port}/0"
    rng = random.Random(5)
    with own_redis(tmp_path, port), two_nodes(postgres_url, url) as (a, b):
        async with clients(a.ws, "Ann", "Cat") as [ann, cat], clients(b.ws, "Bob") as [bob]:
            players = [ann, bob, cat]
            game = await seat_all(players, options={"rounds": 1})
            await play_out(players, game, random_chooser(rng), stop_after=6)
            redis.Redis(port=port).shutdown(nosave=True)  # Redis goes away
            await asyncio.sleep(0.5)
            # the nodes go on serving; what they publish waits in their outboxes
            await ann.send({"type": "chat", "channel": "global", "text": "while redis is down"})
            await ann.expect("chat", text="while redis is down")
            mover = next(c for c in players if c.last_game(game)["view"]["legal"])
            if mover is not bob:  # a move on node A while B cannot hear of it
                await mover.send(
                    {
                        "type": "act",
                        "game": game,
                        "seq": 6,
                        "action": mover.last_game(game)["view"]["legal"][0],
                    }
                )
                view = await mover.expect("game", game=game)
                assert view["seq"] == 7
                mover.pending.append(view)
            else:  # Bob's turn: he moves once Redis is back (his view was read already)
                bob.pending.append(bob.last_game(game))
            await asyncio.sleep(1.0)
            with own_redis(tmp_path, port):  # back, empty: the nodes reconnect by themselves
                await bob.expect_keeping("chat", timeout=20, text="while redis is down")
                last = await play_out(players, game, random_chooser(rng))
                assert {last[c]["seq"] for c in players} == {last[ann]["seq"]}
                assert last[bob]["view"]["phase"] == "over"
                # published once the finished game is stored, which may follow the last view
                await wait_until(lambda: a.status(f"/api/games/{game}/record") == 200)
                record = a.get(f"/api/games/{game}/record")
                assert len(record["actions"]) == last[ann]["seq"]
                await wait_until(lambda: sorted(b.get("/api/online")) == ["Ann", "Bob", "Cat"])


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--redis", "http://127.0.0.1:6379"], "use redis://HOST:PORT/N"),
        (["--redis", "redis://127.0.0.1:6379/0"], "share one PostgreSQL database"),
        (
            ["--db", "sqlite+aiosqlite:///x.db", "--redis", "redis://127.0.0.1:6379/0"],
            "share one PostgreSQL database",
        ),
    ],
)
def test_bad_node_options_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], said: str
) -> None:
    from saboteur.cli import main

    assert main(["server", "1", "--data-dir", str(tmp_path), *args]) == 2
    error = capsys.readouterr().err
    assert error.startswith("saboteur: error: ") and said in error, error


async def test_a_conflicting_append_is_retried_after_reloading(
    postgres_url: str, redis_url: str
) -> None:
    """Two tabs of one player on two nodes move at once: one append wins, the other node
    reloads the game and judges the move again (now it is refused: the turn has passed)."""
    with two_nodes(postgres_url, redis_url) as (a, b):
        async with clients(a.ws, "Ann", "Cat") as [ann, cat], clients(b.ws, "Bob") as [bob]:
            game = await seat_all([ann, bob, cat], options={"first": 0})
            ann_on_b = await Client.open(b.ws, token=ann.token)
            await ann_on_b.expect("game", game=game)
            deliver = b.service.bus._deliver  # type: ignore[union-attr]
            dropped: list[bytes] = []

            async def deaf_to_actions(data: bytes | str, on_message: Any) -> None:
                raw = data if isinstance(data, bytes) else data.encode()
                if b'"kind":"action"' in raw:
                    dropped.append(raw)
                else:
                    await deliver(data, on_message)

            b.service.bus._deliver = deaf_to_actions  # type: ignore[union-attr,method-assign]
            view = (await ann.expect("game", game=game))["view"]
            first, second = view["legal"][0], view["legal"][-1]
            await ann.send({"type": "act", "game": game, "action": first})
            assert (await ann.expect("game", game=game))["seq"] == 1
            # node B hears the move late under load: it must have dropped it before hearing again
            await wait_until(lambda: dropped)
            b.service.bus._deliver = deliver  # type: ignore[union-attr,method-assign]
            assert b.service.tables[game].seq == 0  # node B has not heard of the move
            error = await ann_on_b.error({"type": "act", "game": game, "action": second})
            assert (error["code"], error.get("rule")) == ("illegal", "turn"), error
            assert b.service.tables[game].seq == 1  # reloaded when its append failed
            record = b.get(f"/api/games/{game}")
            assert record["current"] == 1
            await ann_on_b.close()


async def test_a_crowd_asking_to_refresh_one_game_costs_two_reads(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Asked again while a refresh runs, the game is read once more after it, for all who
    asked meanwhile; each of them returns only after a read that began after it asked."""
    nothing: Any = None
    games = Games(Shared(nothing, LocalBus(), Hub(), {}), nothing, nothing)
    reads: list[asyncio.Event] = []

    async def read_once(game_id: int) -> None:
        assert game_id == 7
        reads.append(asyncio.Event())
        await reads[-1].wait()

    monkeypatch.setattr(games, "refresh_now", read_once)
    first = asyncio.ensure_future(games.refresh(7))
    await asyncio.sleep(0)
    crowd = [asyncio.ensure_future(games.refresh(7)) for _ in range(5)]
    await asyncio.sleep(0.01)
    assert len(reads) == 1 and not any(task.done() for task in [first, *crowd])
    reads[0].set()  # the first read ends: one more begins, for the crowd
    await asyncio.sleep(0.01)
    assert len(reads) == 2 and not any(task.done() for task in [first, *crowd])
    reads[1].set()
    await asyncio.gather(first, *crowd)
    assert len(reads) == 2 and games.refreshes.idle
    other = asyncio.ensure_future(games.refresh(7))  # later: a read of its own
    await asyncio.sleep(0.01)
    assert len(reads) == 3
    reads[2].set()
    await other


async def test_joining_a_table_without_chat_reads_no_chat(
    postgres_url: str, redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A table made on another node is known to have no chat until someone says a line there."""
    with two_nodes(postgres_url, redis_url) as (a, b):
        chat_reads: list[int] = []
        read_game_chat = b.service.store.game_chat

        async def counted(game_id: int, limit: int = 50) -> Any:
            chat_reads.append(game_id)
            return await read_game_chat(game_id, limit)

        monkeypatch.setattr(b.service.store, "game_chat", counted)
        async with clients(a.ws, "Ann") as [ann], clients(b.ws, "Bob", "Cat", "Eve") as joiners:
            await ann.send({"type": "new_game", "players": 5})
            game = (await ann.expect("joined"))["game"]["id"]
            await wait_until(lambda: [g["id"] for g in b.get("/api/games")] == [game])
            bob, cat, eve = joiners
            for client in (bob, cat):
                await client.send({"type": "join", "game": game})
                assert (await client.expect("chat_history", game=game))["lines"] == []
            assert chat_reads == []
            await ann.send({"type": "chat", "channel": "game", "game": game, "text": "hi all"})
            await bob.expect("chat", game=game, text="hi all")  # node b has heard of it
            await eve.send({"type": "join", "game": game})
            history = await eve.expect("chat_history", game=game)
            assert [line["text"] for line in history["lines"]] == ["hi all"]
            assert chat_reads == [game]


async def test_the_outbox_goes_out_in_pipelines_in_order() -> None:
    """Messages published while the writer is busy go together, in one round trip, in order;
    a batch Redis refused is sent again whole.  (No Redis is needed: the publisher is a fake.)"""
    bus = RedisBus(REDIS, "saboteur-test-outbox")
    sent = fake_publisher(bus, [RedisError("busy")])
    writer = asyncio.ensure_future(bus._write())
    try:
        for n in range(300):
            bus.publish({"kind": "test", "n": n})
        await wait_until(lambda: sum(map(len, sent)) >= 300, timeout=5)
    finally:
        writer.cancel()
    assert [n for batch in sent for n in batch] == list(range(300))  # each once, in order
    assert len(sent) <= 2  # not one round trip each
