"""Coming back: after a dropped connection, in a second tab, after kill -9 of the server."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from saboteur.engine import new_game
from saboteur.server.store.migrate import upgrade
from saboteur.server.store.store import Store
from tests.server.helpers import (
    Client,
    LiveServer,
    Message,
    ServerProcess,
    clients,
    live_server,
    new_table,
    play_out,
    random_chooser,
    seat_all,
    sqlite_url,
)

pytestmark = pytest.mark.anyio


def resume(players: list[Client], game: int) -> None:
    """Let each client read its latest view again, so that play_out picks up from there."""
    for client in players:
        client.pending.append(client.last_game(game))


async def test_a_dropped_connection_comes_back_to_its_seat(server: LiveServer) -> None:
    rng = random.Random(1)
    async with clients(server.ws, "Ann", "Bob", "Cat") as players:
        game = await seat_all(players)
        await play_out(players, game, random_chooser(rng), stop_after=5)
        await players[1].send({"type": "chat", "channel": "game", "game": game, "text": "brb"})
        for client in players:
            await client.expect("chat", text="brb")
        before = players[1].last_game(game)
        assert before["seq"] == 5

        players[1].connection.transport.abort()  # the network goes away, no goodbye
        await players[0].expect("presence", online=["Ann", "Cat"])

        back = await Client.open(server.ws, token=players[1].token)
        assert back.welcome["user"] == players[1].welcome["user"]
        joined = await back.expect("joined")
        assert joined["seat"] == 1 and joined["game"]["id"] == game
        view = await back.expect("game", game=game)
        assert (view["seq"], view["seat"], view["view"]) == (5, 1, before["view"])
        assert view["sync"] is True and "sync" not in before
        assert view["events"]  # a feed of what happened so far
        assert all(e.get("to") in (None, 1) for e in view["events"])
        history = await back.expect("chat_history", game=game)
        assert [line["text"] for line in history["lines"]] == ["brb"]
        await players[0].expect("presence", online=["Ann", "Bob", "Cat"])

        # and plays on to the end from the new connection
        players[1] = back
        resume(players, game)
        back.pending.clear()
        back.pending.append(view)
        last = await play_out(players, game, random_chooser(rng))
        assert last[back]["view"]["phase"] == "over"
        await back.close()


async def test_coming_back_to_a_seat_in_an_open_game(server: LiveServer) -> None:
    async with clients(server.ws, "Ann") as [ann]:
        game = await new_table(ann, 4)
        await ann.close()
        back = await Client.open(server.ws, token=ann.token)
        joined = await back.expect("joined")
        assert (joined["seat"], joined["game"]["id"], joined["game"]["status"]) == (0, game, "open")
        assert (await back.expect("chat_history"))["game"] == game
        await back.close()


async def test_the_same_user_in_two_tabs(server: LiveServer) -> None:
    rng = random.Random(2)
    async with clients(server.ws, "Ann", "Bob", "Cat") as [tab1, bob, cat]:
        tab2 = await Client.open(server.ws, token=tab1.token)
        assert tab2.name == "Ann" and tab2.welcome["online"] == ["Ann", "Bob", "Cat"]
        assert server.get("/api/online") == ["Ann", "Bob", "Cat"]
        game = await seat_all([tab1, bob, cat])

        # tab 1 plays a while, then tab 2 takes over
        await play_out([tab1, bob, cat], game, random_chooser(rng), stop_after=9)
        await tab2.sync()
        resume([tab1, tab2, bob, cat], game)
        tab1.pending.clear()
        last = await play_out([tab2, bob, cat], game, random_chooser(rng))
        assert last[tab2]["view"]["phase"] == "over"
        for tab in (tab1, tab2):
            await tab.expect("highscores")  # the last push of a game
        actors = [
            e["seat"]
            for m in tab1.of_type("game")
            for e in m["events"]
            if e["kind"] in ("place", "pass", "break", "repair", "rockfall", "map")
        ]
        assert 0 in actors

        # both tabs got every push, in the same order
        def pushes(client: Client) -> list[Message]:
            return [
                m
                for m in client.log
                if m["type"] in ("game", "chat", "highscores", "games_changed")
            ]

        assert pushes(tab1) == pushes(tab2)
        assert len([m for m in pushes(tab1) if m["type"] == "game"]) == last[tab2]["seq"] + 1

        # chat too: a whisper to Ann reaches both tabs
        await bob.send({"type": "chat", "channel": "whisper", "to": "Ann", "text": "hi"})
        for tab in (tab1, tab2):
            assert (await tab.expect("chat", channel="whisper"))["text"] == "hi"
        await tab1.close()
        await tab2.close()


async def finish_game_offline(url: str) -> tuple[int, list[int]]:
    """Store a complete game whose server stopped before recording its result."""
    game = new_game("classic", 3, {"demo": True})
    state = game.new_state(99)
    rng = random.Random(99)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    store = Store(url)
    try:
        users = [(await store.create_user(name))[0].id for name in ("Ann", "Bob", "Cat")]
        row = await store.create_game("classic", 3, dict(game.options), users[0], None)
        for seat, user in enumerate(users[1:], start=1):
            await store.take_seat(row.id, seat, user)
        await store.start_game(row.id, 99, dict(enumerate(users)))
        for seq, action in enumerate(state.history):
            await store.append_action(row.id, seq, action, "player")
    finally:
        await store.close()
    return row.id, state.scores


async def test_a_game_over_but_not_recorded_is_finished_at_start(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    await asyncio.to_thread(upgrade, url)
    game, scores = await finish_game_offline(url)
    with live_server(url) as server:
        assert server.get("/api/games", status="active") == []
        [finished] = server.get("/api/games", status="finished")
        assert finished["id"] == game
        rows = {row["name"]: row["gold"] for row in server.get("/api/highscores")}
        assert rows == dict(zip(["Ann", "Bob", "Cat"], scores, strict=True))


async def test_kill_9_in_the_middle_of_a_game(tmp_path: Path) -> None:
    rng = random.Random(3)
    first = ServerProcess(tmp_path)
    try:
        people = [await Client.open(first.ws, name) for name in ("Ann", "Bob", "Cat", "Dan")]
        ann, bob, cat, dan = people
        await ann.send({"type": "chat", "channel": "global", "text": "hello, world"})
        await dan.expect("chat", text="hello, world")
        # a finished game, an open one, and one in the middle
        short = await seat_all([ann, bob, cat], options={"demo": True})
        await play_out([ann, bob, cat], short, random_chooser(rng))
        await ann.expect("highscores")  # its results are stored
        waiting = await new_table(dan, 4)
        players = [ann, bob, cat]
        game = await seat_all(players, options={"rounds": 2})
        await play_out(players, game, random_chooser(rng), stop_after=12)
        await bob.send({"type": "chat", "channel": "game", "game": game, "text": "careful"})
        for client in players:
            await client.expect("chat", text="careful")
        before = {
            status: first.get("/api/games", status=status)
            for status in ("open", "active", "finished")
        }
        scores_before = first.get("/api/highscores")
        views = {client.name: client.last_game(game) for client in players}
        assert [g["id"] for g in before["active"]] == [game]
        assert [g["id"] for g in before["open"]] == [waiting]
        assert [g["id"] for g in before["finished"]] == [short]
        assert len(scores_before) == 3
    finally:
        first.kill()  # SIGKILL: nothing is flushed or closed
    for client in people:
        client.connection.transport.abort()

    second = ServerProcess(tmp_path)
    try:
        for status, listed in before.items():
            assert second.get("/api/games", status=status) == listed
        assert second.get("/api/highscores") == scores_before
        back = [await Client.open(second.ws, token=client.token) for client in people]
        assert [c.name for c in back] == ["Ann", "Bob", "Cat", "Dan"]
        assert [line["text"] for line in back[3].welcome["chat"]] == ["hello, world"]
        for client in back[:3]:
            joined = await client.expect("joined")
            assert joined["game"]["id"] == game
            view = await client.expect("game", game=game)
            assert view["seq"] == 12 and view["view"] == views[client.name]["view"]
            history = await client.expect("chat_history", game=game)
            assert "careful" in [line["text"] for line in history["lines"]]
            client.pending.append(view)
        joined = await back[3].expect("joined")
        assert (joined["game"]["id"], joined["seat"]) == (waiting, 0)

        last = await play_out(back[:3], game, random_chooser(rng))
        final = last[back[0]]["view"]
        totals = {row["name"]: row for row in scores_before}
        for seat, client in enumerate(back[:3]):
            totals[client.name] = {
                "name": client.name,
                "gold": totals[client.name]["gold"] + final["scores"][seat],
                "games": 2,
                "won": totals[client.name]["won"] + (seat in final["winners"]),
                "registered": False,
            }
        await back[0].expect("highscores")
        assert {row["name"]: row for row in second.get("/api/highscores")} == totals
        assert len(second.get("/api/games", status="finished")) == 2
        for client in back:
            await client.close()
    finally:
        second.kill()
