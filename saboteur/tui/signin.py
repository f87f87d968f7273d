"""Signing in: the nickname to play under, when none was given on the command line.

This screen chooses a :class:`~saboteur.tui.connection.Greeting`, the first message of every
connection: a nickname (``hello`` as a guest), or a registered nickname and its password
(``login``). The server refusing a name (taken, registered, a wrong password) brings the user
back here with the reason.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Footer, Input, Label, Static

from saboteur.tui.connection import Greeting
from saboteur.tui.footer_words import WordedScreen

if TYPE_CHECKING:
    from saboteur.tui.app import SaboteurApp


class SignInScreen(WordedScreen):
    def __init__(self, name: str = "", why: str = "") -> None:
        super().__init__()
        self.start_name, self.start_why = name, why

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
            yield Input(
                self.start_name, placeholder=texts.t("login.hint"), id="nickname", max_length=20
            )
            yield Label(texts.t("login.password"))
            yield Input(
                placeholder=texts.t("login.passwordHint"),
                id="password",
                password=True,
                max_length=256,
            )
            yield Static(self.start_why, id="signin-error")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#password" if self.start_name else "#nickname", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        name = self.query_one("#nickname", Input).value.strip()
        password = self.query_one("#password", Input).value
        if name:
            self.query_one("#signin-error", Static).update(self.owner().texts.t("conn.connecting"))
            self.owner().connect(Greeting(name=name, password=password or None))

    def refused(self, why: str, password: bool = False) -> None:
        """The server refused the nickname (or the password): say why, and let the user try
        again (in the password field, when the name is registered)."""
        self.query_one("#signin-error", Static).update(why)
        self.query_one("#password", Input).value = ""
        self.query_one("#password" if password else "#nickname", Input).focus()
