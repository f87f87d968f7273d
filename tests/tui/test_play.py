"""The terminal client plays whole games on a real server, driven by Textual's pilot."""

from __future__ import annotations

from pathlib import Path

import pytest

from saboteur.tui.connection import Connection
from saboteur.tui.game import GameScreen
from saboteur.tui.lobby import LobbyScreen
from tests.server.helpers import LiveServer
from tests.tui.pilot import SIZE, make_app, new_table, play_to_the_end, until, until_screen

pytestmark = pytest.mark.anyio


@pytest.mark.usefixtures("fixed_deal")
async def test_a_classic_game_against_two_bots(server: LiveServer, tmp_path: Path) -> None:
    app = make_app(server, "Ann", tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until_screen(pilot, LobbyScreen, "the lobby")
        assert app.state.me == "Ann"
        await new_table(pilot, "classic", 3, {"rounds": "1"}, ["random", "random"])
        await until(pilot, lambda: app.state.my_tables(), "my table")
        game = app.state.my_tables()[0]
        table = app.state.table(game)
        assert table is not None and table["options"] == {"rounds": 1}
        await until(
            pilot, lambda: None not in (app.state.table(game) or {}).get("seats", [None]), "bots"
        )
        await pilot.press("s")
        await until_screen(pilot, GameScreen, "the game window")
        view = await play_to_the_end(pilot, game)
        assert view["phase"] == "over" and view["winners"] is not None
    assert isinstance(app.link, Connection)
    sent = {m["type"] for m in app.link.sent}
    assert "act" in sent and sent <= {"hello", "new_game", "start", "act", "lobby", "lists", "join"}


@pytest.mark.usefixtures("fixed_deal")
async def test_a_duel_against_a_bot(server: LiveServer, tmp_path: Path) -> None:
    app = make_app(server, "Dora", tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until_screen(pilot, LobbyScreen, "the lobby")
        await new_table(pilot, "duel", 2, {"rounds": "1"}, ["random"])
        await until(pilot, lambda: app.state.my_tables(), "my table")
        game = app.state.my_tables()[0]
        await until(
            pilot, lambda: None not in (app.state.table(game) or {}).get("seats", [None]), "the bot"
        )
        await pilot.press("s")
        await until_screen(pilot, GameScreen, "the game window")
        view = await play_to_the_end(pilot, game, seed=2)
        assert view["ruleset"] == "duel" and view["phase"] == "over"
        assert view["scores"] is not None
