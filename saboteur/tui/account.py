"""The account dialog of the lobby: register my nickname (the password typed twice), change
its password, log out here or everywhere.  What it sends and what comes back is in
[the protocol](../../docs/protocol.md#accounts): ``register``, ``password``, ``logout``;
``account``, ``logged-out`` (the app handles the last, as for a session ended elsewhere)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Button, Input, Static

from saboteur.tui.dialogs import Dialog

MIN_PASSWORD = 8  # the server's rule (it says so itself when a password breaks another)


def check_passwords(first: str, second: str) -> str | None:
    """The label key of what is wrong with a new password typed twice, or ``None``.

    >>> check_passwords("short", "short"), check_passwords("long enough", "long enougH")
    ('account.tooShort', 'account.mismatch')
    >>> check_passwords("long enough", "long enough") is None
    True
    """
    if len(first) < MIN_PASSWORD or not first.strip():
        return "account.tooShort"
    if first != second:
        return "account.mismatch"
    return None


class AccountScreen(Dialog):
    """A guest registers; a registered player changes the password; both log out."""

    BINDINGS = [  # noqa: RUF012
        Binding("escape", "cancel", "Close"),
        Binding("ctrl+o", "logout(False)", "Log out"),
        Binding("ctrl+g", "logout(True)", "Log out everywhere"),
    ]

    def compose(self) -> ComposeResult:
        app = self.owner
        t = app.texts.t
        registered = app.state.registered
        with VerticalScroll(classes="dialog small", id="account"):  # scrolls in 80x24
            yield Static(t("account.title", name=app.state.me or "?"), classes="dialog-title")
            yield Static(t("account.registered" if registered else "account.guest"), classes="dim")
            if registered:
                yield Input(placeholder=t("account.old"), password=True, id="old")
            yield Input(placeholder=t("account.new"), password=True, id="new")
            yield Input(placeholder=t("account.again"), password=True, id="again")
            yield Static("", id="account-error", classes="error")
            label = t("account.change" if registered else "account.register")
            yield Button(label, variant="primary", id="account-save", compact=True)
            yield Button(t("account.logout"), id="account-logout", compact=True)
            yield Button(t("account.everywhere"), id="account-everywhere", compact=True)
            yield Static(t("account.keys"), classes="dim")

    def on_mount(self) -> None:
        self.query_one("#old" if self.owner.state.registered else "#new", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        fields = list(self.query(Input))
        at = fields.index(event.input)
        if at + 1 < len(fields):
            fields[at + 1].focus()
        else:
            self.save()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "account-save":
            self.save()
        elif event.button.id == "account-logout":
            self.action_logout(False)
        elif event.button.id == "account-everywhere":
            self.action_logout(True)

    def save(self) -> None:
        """Register, or change the password, if the new one is typed twice alike."""
        app = self.owner
        new = self.query_one("#new", Input).value
        wrong = check_passwords(new, self.query_one("#again", Input).value)
        if wrong:
            self.query_one("#account-error", Static).update(app.texts.t(wrong))
            return
        if app.state.registered:
            old = self.query_one("#old", Input).value
            app.send_soon({"type": "password", "old": old, "new": new})
        else:
            app.send_soon({"type": "register", "password": new})
        self.dismiss(None)

    def action_logout(self, everywhere: bool) -> None:
        self.owner.send_soon(
            {"type": "logout", "everywhere": True} if everywhere else {"type": "logout"}
        )
        self.dismiss(None)
