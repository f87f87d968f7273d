"""The terminal client's connection and command line: it comes back with its token after a
dropped connection, ends with an error (status 1) when the server is unreachable or refuses
the name, and ``saboteur client`` starts it with --tui or where no browser can be opened."""

from __future__ import annotations

import webbrowser
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from textual.widgets import Input, Static

import saboteur.tui
from saboteur.cli import cli
from saboteur.server import commands
from saboteur.tui.app import SaboteurApp
from saboteur.tui.connection import Connection, Greeting, ServerInfo, TokenFile, fetch_info
from saboteur.tui.lobby import LobbyScreen
from saboteur.tui.signin import SignInScreen
from tests.server.helpers import Client, LiveServer, free_port
from tests.tui.pilot import SIZE, make_app, until, until_screen

anyio = pytest.mark.anyio


@anyio
async def test_a_dropped_connection_comes_back_as_the_same_user(
    server: LiveServer, tmp_path: Path
) -> None:
    app = make_app(server, "Ann", tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until_screen(pilot, LobbyScreen, "the lobby")
        await app.send({"type": "new_game", "players": 3})
        await until(pilot, lambda: app.state.my_tables(), "my table")
        token = app.state.token
        assert isinstance(app.link, Connection)
        await app.link.drop()

        def welcomes() -> list[dict[str, Any]]:
            return [m for m in app.received if m["type"] == "welcome"]

        await until(pilot, lambda: len(welcomes()) == 2, "the second welcome")
        assert welcomes()[1]["user"]["name"] == "Ann" and app.state.token == token
        hellos = [m for m in app.link.sent if m["type"] == "hello"]
        assert hellos[-1] == {"type": "hello", "token": token, "name": "Ann"}
        # the lists come after the welcome (on a busy machine, a while after it)
        await until(pilot, lambda: app.state.my_tables(), "the seat still mine")
    assert TokenFile(tmp_path / "tokens-Ann.json").load(f"127.0.0.1:{server.port}") == (
        "Ann",
        token,
    )


@anyio
async def test_a_name_someone_holds_ends_the_client(server: LiveServer, tmp_path: Path) -> None:
    bob = await Client.open(server.ws, "Bob")
    try:
        app = make_app(server, "Bob", tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: app.error, "the error")
        assert app.return_code == 1 and "'Bob' is taken" in str(app.error)
    finally:
        await bob.connection.close()


@anyio
async def test_a_registered_name_asks_for_its_password(server: LiveServer, tmp_path: Path) -> None:
    """A registered nickname is logged in to by its password; a session ended elsewhere (log
    out everywhere) brings the client back to signing in, its token forgotten."""
    rhea = await Client.open(server.ws, "Rhea")
    await rhea.send({"type": "register", "password": "deep mine 9"})
    await rhea.expect("account")
    app = make_app(server, "Rhea", tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until_screen(pilot, SignInScreen, "the sign-in screen")
        shown = str(app.screen.query_one("#signin-error", Static).render())
        assert "registered" in shown and app.error is None
        assert app.screen.query_one("#nickname", Input).value == "Rhea"
        app.screen.query_one("#password", Input).value = "not it at all"
        await pilot.press("enter")
        await until(
            pilot,
            lambda: "Wrong" in str(app.screen.query_one("#signin-error", Static).render()),
            "the wrong password said",
        )
        app.screen.query_one("#password", Input).value = "deep mine 9"
        await pilot.press("enter")
        await until_screen(pilot, LobbyScreen, "the lobby")
        assert isinstance(app.link, Connection)
        assert app.link.sent[0] == {"type": "login", "name": "Rhea", "password": "deep mine 9"}
        address = f"127.0.0.1:{server.port}"
        tokens = TokenFile(tmp_path / "tokens-Rhea.json")
        assert tokens.load(address) is not None
        await rhea.send({"type": "logout", "everywhere": True})
        await until_screen(pilot, SignInScreen, "signing in again")
        assert "logged out" in str(app.screen.query_one("#signin-error", Static).render())
        assert tokens.load(address) is None
    await rhea.connection.close()


@anyio
async def test_a_bad_name_ends_the_client(server: LiveServer, tmp_path: Path) -> None:
    app = make_app(server, "x", tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.error, "the error")
    assert app.return_code == 1 and "not allowed" in str(app.error)


@anyio
async def test_a_server_that_goes_away_before_the_first_hello_is_an_error(tmp_path: Path) -> None:
    port = free_port()
    info = ServerInfo(f"http://127.0.0.1:{port}/")
    app = SaboteurApp(info, Greeting(name="Ann"), tokens=TokenFile(tmp_path / "t.json"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.error, "the error")
    assert (
        app.return_code == 1
        and f"no saboteur server answers at http://127.0.0.1:{port}/" in str(app.error)
    )


def test_the_server_info_is_read_over_http(server: LiveServer) -> None:
    info = fetch_info(server.http + "/")
    assert "classic" in {r["name"] for r in info.rulesets} and info.messages["langs"] == [
        "en",
        "de",
    ]
    assert info.ws == f"ws://127.0.0.1:{server.port}/ws"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["client", *args])
    return result.exit_code, result.output


def test_the_command_line_starts_the_terminal_client(
    server: LiveServer, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    address = f"127.0.0.1:{server.port}"
    started: list[tuple[object, ...]] = []

    def fake(*args: object) -> str | None:
        started.append(args)
        return "the nickname 'Ann' is taken" if len(started) == 2 else None

    monkeypatch.setattr(saboteur.tui, "run", fake)
    assert (
        run(address, "Ann", "--tui", "--lang", "de", "--token-file", str(tmp_path / "t.json"))[0]
        == 0
    )
    assert started[0] == (address, "Ann", "de", tmp_path / "t.json")
    code, output = run(address, "Ann", "--tui")
    assert code == 1 and "the nickname 'Ann' is taken" in output
    monkeypatch.setattr(webbrowser, "open", lambda url: False)
    monkeypatch.setattr(commands, "terminal", lambda: True)  # a terminal, and no browser
    code, output = run(address, "Ann")
    assert code == 0 and "playing in the terminal" in output and len(started) == 3


def test_the_terminal_client_without_a_server_is_an_error() -> None:
    port = free_port()
    code, output = run(f"127.0.0.1:{port}", "Ann", "--tui")
    assert code == 1 and f"no saboteur server answers at http://127.0.0.1:{port}/" in output


def test_help_documents_the_keys() -> None:
    code, output = run("--help")
    assert code == 0 and "--tui" in output and "Keys of the terminal client" in output
    assert "type an action" in output and "whisper" in output
    assert "a account" in output and "/ search the players online" in output
