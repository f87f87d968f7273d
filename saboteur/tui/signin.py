"""Signing in: the nickname to play under, when none was given on the command line.

This screen chooses a :class:`~saboteur.tui.connection.Greeting`, the first message of every
connection.  Today that is a nickname (``hello`` with a ``name``).  Accounts will add a second
way in beside it — a name and a password, sent as ``{"type": "login", …}`` instead of hello and
answered by the same ``welcome`` — as a second form on this screen and a second kind of
greeting; the lobby and everything after the welcome stay as they are.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, Label, Static

from saboteur.tui.connection import Greeting

if TYPE_CHECKING:
    from saboteur.tui.app import SaboteurApp


class SignInScreen(Screen[None]):
    def owner(self) -> SaboteurApp:
        from saboteur.tui.app import SaboteurApp

        assert isinstance(self.app, SaboteurApp)
        return self.app

    def compose(self) -> ComposeResult:
        texts = self.owner().texts
        with Vertical(id="signin"):
            yield Static(texts.t("app.title"), id="signin-title")
            yield Static(texts.t("app.tagline"), id="signin-tagline")
            yield Label(texts.t("login.title"))
            yield Input(placeholder=texts.t("login.hint"), id="nickname", max_length=20)
            yield Static("", id="signin-error")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#nickname", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        name = event.value.strip()
        if name:
            self.query_one("#signin-error", Static).update(self.owner().texts.t("conn.connecting"))
            self.owner().connect(Greeting(name=name))

    def refused(self, why: str) -> None:
        """The server refused the nickname: say why, and let the user try another."""
        self.query_one("#signin-error", Static).update(why)
        self.query_one("#nickname", Input).focus()
