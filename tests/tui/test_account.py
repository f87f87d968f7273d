"""Accounts and the online list in the terminal client, on a real server: register the
nickname, change its password, log out and back in; search the people online."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, Static

from saboteur.tui.account import AccountScreen
from saboteur.tui.connection import Connection
from saboteur.tui.lobby import LobbyScreen
from saboteur.tui.signin import SignInScreen
from tests.server.helpers import Client, LiveServer
from tests.tui.pilot import SIZE, make_app, until, until_screen

pytestmark = pytest.mark.anyio


async def fill(pilot: Pilot[Any], *values: str) -> None:
    """Type ``values`` into the account dialog's fields in order, Enter after each."""
    for value in values:
        screen = pilot.app.screen
        assert isinstance(screen, AccountScreen) and isinstance(screen.focused, Input)
        screen.focused.value = value
        await pilot.press("enter")
        await pilot.pause()


async def test_register_change_the_password_log_out_and_in(
    server: LiveServer, tmp_path: Path
) -> None:
    app = make_app(server, "Ann", tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until_screen(pilot, LobbyScreen, "the lobby")
        assert not app.state.registered
        link = app.link
        assert isinstance(link, Connection)
        await pilot.press("a")
        await until_screen(pilot, AccountScreen, "the account dialog")
        await fill(pilot, "deep mine 9", "deep mine 8")  # typed twice, not alike
        error = str(app.screen.query_one("#account-error", Static).render())
        assert "differ" in error and isinstance(app.screen, AccountScreen)
        assert not any(m["type"] == "register" for m in link.sent)
        app.screen.query_one("#new", Input).focus()
        await fill(pilot, "deep mine 9", "deep mine 9")
        await until(pilot, lambda: app.state.registered, "registered")
        assert {"type": "register", "password": "deep mine 9"} in link.sent

        await pilot.press("a")
        await until_screen(pilot, AccountScreen, "the account dialog")
        await fill(pilot, "deep mine 9", "staple in the mine", "staple in the mine")
        await until(
            pilot,
            lambda: any(m.get("type") == "account" for m in app.received[-3:]),
            "the new password",
        )
        assert {"type": "password", "old": "deep mine 9", "new": "staple in the mine"} in link.sent

        await pilot.press("a")
        await until_screen(pilot, AccountScreen, "the account dialog")
        await pilot.press("ctrl+o")
        await until_screen(pilot, SignInScreen, "signing in again")
        assert {"type": "logout"} in link.sent

        app.screen.query_one("#password", Input).value = "staple in the mine"
        await pilot.press("enter")
        await until_screen(pilot, LobbyScreen, "the lobby again")
        assert app.state.me == "Ann" and app.state.registered

        await pilot.press("a")
        await until_screen(pilot, AccountScreen, "the account dialog")
        await pilot.press("ctrl+g")
        await until_screen(pilot, SignInScreen, "logged out everywhere")
    sent = app.link.sent if isinstance(app.link, Connection) else []
    assert {"type": "logout", "everywhere": True} in sent


async def test_the_online_list_is_searched(server: LiveServer, tmp_path: Path) -> None:
    others = [await Client.open(server.ws, name) for name in ("Bob", "Bobby", "Cat")]
    app = make_app(server, "Ann", tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until_screen(pilot, LobbyScreen, "the lobby")
        online = app.screen.query_one("#online", OptionList)
        await until(pilot, lambda: online.option_count == 4, "four online")
        await pilot.press("slash")
        search = app.screen.query_one("#online-search", Input)
        assert search.has_focus
        await pilot.press("b", "o", "b", "enter")
        await until(pilot, lambda: app.state.online_search == "bob", "the search answered")
        assert [online.get_option_at_index(n).id for n in range(online.option_count)] == [
            "Bob",
            "Bobby",
        ]
        title = str(app.screen.query_one("#online-title", Static).render())
        assert title == "2 of 4 online · page 1 of 1"
        assert online.has_focus
        others.append(await Client.open(server.ws, "Bobo"))  # comes online: the search again
        await until(pilot, lambda: online.option_count == 3, "Bobo found")
        assert online.get_option_at_index(2).id == "Bobo"
        sent = len(app.link.sent) if isinstance(app.link, Connection) else 0
        await pilot.press("right_square_bracket")  # one page only: nothing to ask
        await pilot.pause(0.2)
        assert isinstance(app.link, Connection) and len(app.link.sent) == sent
        await pilot.press("slash", "ctrl+a", "ctrl+k", "enter")
        await until(pilot, lambda: online.option_count == 5, "everyone again")
    for other in others:
        await other.connection.close()
