"""The terminal client's application: the connection, the state, and its screens.

The app owns one :class:`~saboteur.tui.connection.Link` and one
:class:`~saboteur.tui.state.ClientState`; every message from the server goes into the state and
then to the screen on top, which redraws what changed.  Screens: signing in (a nickname; a
log-in by password would be a second way in, see ``signin.py``), the lobby, a game window per
game, and the dialogs (a new table, a choice among actions, results, help).
"""

from __future__ import annotations

import asyncio
from typing import Any

from textual.app import App
from textual.binding import Binding

from saboteur.tui.connection import (
    Connection,
    Greeting,
    Link,
    Message,
    ServerInfo,
    TokenFile,
    Unreachable,
)
from saboteur.tui.state import ClientState
from saboteur.tui.texts import Texts

# errors that end the client when they answer the first hello of a name given on the command line
FATAL_HELLO = {"bad-name", "bad-token", "rate-limited", "name-taken"}
# errors that ask for the password of a registered nickname (never fatal: a person can type it)
PASSWORD_WANTED = {"name-registered", "bad-login"}


class SaboteurApp(App[int]):
    """Saboteur in the terminal.  ``greeting``: say hello at once (else a sign-in screen asks
    for a nickname); ``exact``: a name given on the command line must be got as it is."""

    TITLE = "Saboteur"
    CSS_PATH = "app.tcss"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [  # noqa: RUF012
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True),
        Binding("f1", "help", "Help", show=False),
    ]

    def __init__(
        self,
        info: ServerInfo,
        greeting: Greeting | None = None,
        lang: str = "en",
        tokens: TokenFile | None = None,
        address: str = "",
        link: Link | None = None,
        exact: bool = False,
    ) -> None:
        super().__init__()
        self.info = info
        self.texts = Texts(info.messages, lang)
        self.state = ClientState()
        self.greeting = greeting
        self.tokens = tokens
        self.address = address
        self.link: Link | None = link
        self.exact = exact
        self.online = False
        self.error: str | None = None  # why the client ended, for the command line
        self.received: list[Message] = []  # every message from the server (tests read it)
        self.asked_name: str | None = greeting.name if greeting and not greeting.token else None

    # -- starting --

    def on_mount(self) -> None:
        from saboteur.tui.signin import SignInScreen

        if self.link is not None:
            self.run_worker(self._run(self.link), exclusive=True, group="link")
        elif self.greeting is not None:
            self.connect(self.greeting)
        else:
            self.push_screen(SignInScreen())

    def connect(self, greeting: Greeting) -> None:
        """Open the connection and say hello as ``greeting`` says."""
        if greeting.name and not greeting.token:
            self.asked_name = greeting.name
        self.link = Connection(self.info.ws, greeting, self.receive, self.status)
        self.run_worker(self._run(self.link), exclusive=True, group="link")

    async def _run(self, link: Link) -> None:
        try:
            await link.run()
        except Unreachable as err:
            self.fail(self.texts.t("err.unreachable", base=self.info.base, reason=str(err)))

    def fail(self, why: str) -> None:
        """End the client with an error (the command line prints it; exit status 1)."""
        self.error = why
        self.exit(1, return_code=1)

    def status(self, status: str, wait: float | None) -> None:
        self.online = status == "online"
        if status == "retry":
            self.notify(self.texts.t("conn.retry", s=f"{wait:g}"), severity="warning", timeout=3)
        screen = self.screen
        if hasattr(screen, "show_status"):
            screen.show_status()

    async def send(self, message: Message) -> None:
        if self.link is not None:
            await self.link.send(message)

    def send_soon(self, message: Message) -> None:
        """Send from a synchronous handler."""
        asyncio.get_running_loop().create_task(self.send(message))

    # -- receiving --

    async def receive(self, message: Message) -> None:
        self.received.append(message)
        kind = message.get("type")
        if kind == "error":
            self.on_error(message)
            return
        if kind == "logged-out":
            await self.logged_out()
            return
        if kind == "account":
            key = "account.changed" if self.state.registered else "account.done"
            self.notify(self.texts.t(key), timeout=4)
        welcomed_before = self.state.me is not None
        known = kind == "game" and message["game"] in self.state.games
        self.state.apply(message)
        if kind == "welcome":
            self.on_welcome(message, first=not welcomed_before)
        elif kind == "game" and not known:
            self.on_game(message)
        screen = self.screen
        if hasattr(screen, "on_server"):
            screen.on_server(message)

    def on_welcome(self, message: Message, first: bool) -> None:
        from saboteur.tui.lobby import LobbyScreen

        name = message["user"]["name"]
        asked = self.asked_name
        if first and asked and self.exact and name.casefold() != asked.casefold():
            # the name is someone else's: the server offered a variant, the user asked for this one
            self.fail(self.texts.t("err.nameTaken", name=asked, got=name))
            return
        self.asked_name = None
        if self.tokens is not None and self.address:
            self.tokens.save(self.address, name, message["token"])
        if first:
            while len(self.screen_stack) > 1:
                self.pop_screen()
            self.push_screen(LobbyScreen())

    def on_error(self, message: Message) -> None:
        from saboteur.tui.signin import SignInScreen

        code = str(message.get("code"))
        text = self.texts.error(code, str(message.get("message", "")))
        if self.state.me is None and code in PASSWORD_WANTED:
            screen = self.screen
            if isinstance(screen, SignInScreen):
                screen.refused(text, password=True)
            else:
                self.push_screen(SignInScreen(self.asked_name or "", text))
            return
        if self.state.me is None and code in FATAL_HELLO:
            screen = self.screen
            if self.exact or not hasattr(screen, "refused"):
                self.fail(text)
            else:
                screen.refused(text)
                self.asked_name = None
            return
        self.notify(text, severity="error", timeout=5)

    async def logged_out(self) -> None:
        """This session has ended (logged out here or everywhere, a new password elsewhere):
        forget its token, and sign in again."""
        from saboteur.tui.signin import SignInScreen

        name = self.state.me or ""
        self.state.me = None
        if self.tokens is not None and self.address:
            self.tokens.forget(self.address)
        if self.link is not None:
            await self.link.close()
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(SignInScreen(name, self.texts.t("account.loggedOut")))

    def on_game(self, message: Message) -> None:
        """The first message of a game (I sit at it and it starts, or I watch it, or I came
        back to it): its window opens, over the lobby."""
        from saboteur.tui.game import GameScreen
        from saboteur.tui.lobby import LobbyScreen

        if isinstance(self.screen, LobbyScreen):
            self.push_screen(GameScreen(message["game"]))

    def open_game(self, game: int) -> None:
        from saboteur.tui.game import GameScreen

        if game in self.state.games:
            self.push_screen(GameScreen(game))

    # -- the rest --

    def action_help(self) -> None:
        from saboteur.tui.dialogs import HelpScreen

        self.push_screen(HelpScreen())

    def set_lang(self, lang: str) -> None:
        self.texts = Texts(self.info.messages, lang)
        for screen in self.screen_stack:
            if hasattr(screen, "relabel"):
                screen.relabel()

    def ruleset(self, name: str | None) -> dict[str, Any]:
        """The server's descriptor of ruleset ``name`` (empty if it does not name one)."""
        return next((r for r in self.info.rulesets if r["name"] == name), {})
