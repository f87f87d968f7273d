"""The finished games in the terminal client, on a real server: a page at a time, older and
newer with ] and [, the first page kept live by the lobby feed, a search by player, and what a
failing read shows."""

from __future__ import annotations

import asyncio
import http.server
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable, Input, Static, TabbedContent

from saboteur.server.feed import FINISHED_SHOWN
from saboteur.tui.app import SaboteurApp
from saboteur.tui.connection import Unreachable, fetch_finished
from saboteur.tui.finished import FINISHED_PAGE
from saboteur.tui.lobby import LobbyScreen
from tests.server.helpers import ROOT, LiveServer, seed_finished
from tests.tui.pilot import SIZE, make_app, until, until_screen

pytestmark = pytest.mark.anyio

GAMES = 23  # three pages
EVE = 12  # of them with Eve: two pages


def test_a_page_is_as_long_as_the_servers_and_the_browsers() -> None:
    lobby_js = (ROOT / "saboteur/web/static/lobby.js").read_text(encoding="utf-8")
    browser = re.search(r"PAGE_SIZES = \{[^}]*finished: (\d+)", lobby_js)
    assert browser is not None
    assert FINISHED_PAGE == FINISHED_SHOWN == int(browser.group(1))


def line(app: SaboteurApp) -> str:
    return str(app.screen.query_one("#finished-line", Static).render())


def ids(app: SaboteurApp) -> list[int]:
    table = app.screen.query_one("#finished", DataTable)
    return [int(table.get_row_at(n)[0]) for n in range(table.row_count)]


def seats(app: SaboteurApp) -> list[str]:
    table = app.screen.query_one("#finished", DataTable)
    return [str(table.get_row_at(n)[2]) for n in range(table.row_count)]


async def until_line(pilot: Pilot[Any], start: str) -> None:
    app = pilot.app
    assert isinstance(app, SaboteurApp)
    await until(pilot, lambda: line(app).startswith(start), f"{start!r} (was {line(app)!r})")


async def finished_tab(pilot: Pilot[Any]) -> SaboteurApp:
    """The lobby, its first focus (on the tables, which shows their tab) settled, then the
    finished games' tab, by focusing its list."""
    app = pilot.app
    assert isinstance(app, SaboteurApp)
    screen = await until_screen(pilot, LobbyScreen, "the lobby")
    await until(pilot, lambda: screen.query_one("#tables").has_focus, "the tables focused")
    await pilot.pause(0.1)
    assert "right_square_bracket" not in screen.active_bindings  # no pages on the tables' tab
    screen.query_one("#finished", DataTable).focus()
    tabs = screen.query_one("#lobby-tabs", TabbedContent)
    await until(pilot, lambda: tabs.active == "tab-finished", "the finished games' tab")
    return app


async def test_finished_games_page_by_page(server: LiveServer, tmp_path: Path) -> None:
    tables = [["Eve" if n % 2 == 0 else "Dan", "Bob", "Cat"] for n in range(GAMES)]
    games = (await seed_finished(server.db_url, tables))[::-1]  # the newest first
    app = make_app(server, "Zed", tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await finished_tab(pilot)
        await until_line(pilot, "1–10 of 23 · [ newer · ] older")
        assert ids(app) == games[:10]
        keys = app.screen.active_bindings  # what the footer shows
        assert keys["left_square_bracket"].enabled and keys["right_square_bracket"].enabled

        await pilot.press("right_square_bracket")
        await until_line(pilot, "11–20 of 23")
        assert ids(app) == games[10:20]
        await pilot.press("right_square_bracket")
        await until_line(pilot, "21–23 of 23")
        assert ids(app) == games[20:]
        await pilot.press("right_square_bracket")  # the last page: it stays
        await pilot.pause(0.2)
        assert line(app).startswith("21–23 of 23") and ids(app) == games[20:]
        await pilot.press("left_square_bracket")
        await until_line(pilot, "11–20 of 23")
        assert ids(app) == games[10:20]

        # a game finishes: a later page does not jump, the first page shows it at once
        [newer] = await seed_finished(server.db_url, [["Gil", "Hal", "Ian"]])  # new names
        row = server.get("/api/games", status="finished", limit=1)[0]
        assert row["id"] == newer
        await app.receive({"type": "highscores", "finished_new": [row]})
        await until_line(pilot, "11–20 of 24")
        assert ids(app) == games[10:20]
        await pilot.press("left_square_bracket")
        await until_line(pilot, "1–10 of 24")
        assert ids(app) == [newer, *games[:9]]
        [newest] = await seed_finished(server.db_url, [["Jon", "Kai", "Lea"]])
        row = server.get("/api/games", status="finished", limit=1)[0]
        await app.receive({"type": "highscores", "finished_new": [row]})
        await until_line(pilot, "1–10 of 25")  # counted without asking
        assert ids(app) == [newest, newer, *games[:8]]

        app.set_lang("de")
        await until_line(pilot, "1–10 von 25 · [ neuere · ] ältere")


async def test_finished_games_of_one_player(server: LiveServer, tmp_path: Path) -> None:
    tables = [["Eve" if n % 2 == 0 else "Dan", "Bob", "Cat"] for n in range(GAMES)]
    games = (await seed_finished(server.db_url, tables))[::-1]
    eves = [game for n, game in enumerate(games) if n % 2 == 0]  # 22, 20, … were Eve's
    assert len(eves) == EVE
    app = make_app(server, "Zed", tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await finished_tab(pilot)
        await until_line(pilot, "1–10 of 23")
        await pilot.press("slash")
        search = app.screen.query_one("#finished-search", Input)
        assert search.has_focus
        await pilot.press("e", "V", "e", "enter")
        await until_line(pilot, "1–10 of 12")
        assert ids(app) == eves[:10] and all("Eve" in s for s in seats(app))
        assert app.screen.query_one("#finished", DataTable).has_focus
        await pilot.press("right_square_bracket")
        await until_line(pilot, "11–12 of 12")
        assert ids(app) == eves[10:]
        await pilot.press("slash", "ctrl+a", "ctrl+k", "z", "z", "enter")
        await until_line(pilot, "No finished game with a player called “zz”.")
        assert ids(app) == []
        await pilot.press("slash", "ctrl+a", "ctrl+k", "enter")  # everyone again
        await until_line(pilot, "1–10 of 23")
        assert ids(app) == games[:10]


async def test_a_failing_read_says_so(server: LiveServer, tmp_path: Path) -> None:
    await seed_finished(server.db_url, [["Bob", "Cat", "Dan"]] * GAMES)
    app = make_app(server, "Zed", tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await finished_tab(pilot)
        await until_line(pilot, "1–10 of 23")
        await asyncio.to_thread(server.stop)  # the server goes away
        await pilot.press("right_square_bracket")
        await until_line(pilot, "The finished games could not be read: ")
        assert ids(app) == [] and isinstance(app.screen, LobbyScreen)
        await pilot.press("left_square_bracket")  # the live page is still there
        await until(pilot, lambda: len(ids(app)) == 10, "the first page")
        assert "could not be read" in line(app)


class Garbled(http.server.BaseHTTPRequestHandler):
    """Answers every GET with what no saboteur server says: no HTTP at all (page 2), JSON that
    is not a list of games (a search), or no JSON."""

    def do_GET(self) -> None:
        if "offset=10" in self.path:
            self.wfile.write(b"NOT HTTP\r\n\r\n")
            return
        body = b'{"not": "a list"}' if "player" in self.path else b"not json"
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def garbled() -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Garbled)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def test_a_bad_answer_is_an_error(garbled: str, server: LiveServer) -> None:
    with pytest.raises(Unreachable, match="Expecting value"):
        fetch_finished(garbled, "", 0, FINISHED_PAGE)
    with pytest.raises(Unreachable, match="not a list of games"):
        fetch_finished(garbled, "Ann", 0, FINISHED_PAGE)
    with pytest.raises(Unreachable, match="NOT HTTP"):
        fetch_finished(garbled, "", 1, FINISHED_PAGE)
    with pytest.raises(Unreachable, match="answered 422"):
        fetch_finished(server.http + "/", "x" * 33, 0, FINISHED_PAGE)
    assert fetch_finished(server.http + "/", "", 0, FINISHED_PAGE) == ([], 0)
