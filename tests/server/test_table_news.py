"""A running game's window hears at once who went away, who came back and who was renamed."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.server.helpers import Client, LiveServer, clients, seat_all, sqlite_url

pytestmark = pytest.mark.anyio


async def test_away_back_and_renamed_reach_the_game_window_at_once(tmp_path: Path) -> None:
    server = LiveServer(sqlite_url(tmp_path), absence_timeout=0.5).start()
    try:
        async with clients(server.ws, "Ann", "Ben", "Cat") as [ann, ben, cat]:
            game = await seat_all([ann, ben, cat], options={"rounds": 1})
            watcher = await Client.open(server.ws, "Wes")
            await watcher.send({"type": "watch", "game": game})
            await watcher.expect("game", game=game)
            await cat.close()  # gone: after the absence timeout a bot plays for her
            for viewer in (ann, watcher):
                news = await viewer.expect("table", game=game)
                assert news["summary"]["away"] == [2] and news["names"] == ["Ann", "Ben", "Cat"]
            back = await Client.open(server.ws, token=cat.token)
            await back.expect("joined")
            news = await ann.expect("table", game=game)
            assert news["summary"]["away"] == []
            await ben.send({"type": "rename", "name": "Benno"})
            for viewer in (ann, watcher, back):  # (Cat's new tab heard of her return first)
                news = await viewer.expect("table", game=game, names=["Ann", "Benno", "Cat"])
                assert news["summary"]["seats"] == ["Ann", "Benno", "Cat"]
            for client in (watcher, back):
                await client.close()
    finally:
        server.stop()
