"""Dialogs over the lobby and the game window: a new table (built from the options schema the
server describes), a choice among actions, typing an action, a results panel, a line of text,
and the keys."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.suggester import SuggestFromList
from textual.widgets import Button, Checkbox, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

if TYPE_CHECKING:
    from saboteur.tui.app import SaboteurApp


class Dialog(ModalScreen[Any]):
    BINDINGS = [Binding("escape", "cancel", "Cancel")]  # noqa: RUF012

    @property
    def owner(self) -> SaboteurApp:
        from saboteur.tui.app import SaboteurApp

        assert isinstance(self.app, SaboteurApp)
        return self.app

    def action_cancel(self) -> None:
        self.dismiss(None)


def read_options(schema: list[dict[str, Any]], values: dict[str, Any]) -> dict[str, Any]:
    """A new table's ``options`` from what the form holds: what differs from the defaults.

    >>> schema = [{"name": "rounds", "type": "int", "default": 3},
    ...     {"name": "first", "type": "seat", "default": None}]
    >>> read_options(schema, {"rounds": "1", "first": "random"})
    {'rounds': 1}
    """
    out: dict[str, Any] = {}
    for option in schema:
        name = option["name"]
        if name not in values:
            continue
        raw = values[name]
        kind = option.get("type")
        value: Any
        if kind == "bool":
            value = bool(raw)
        elif kind == "seat":
            if raw in ("random", "", None):
                continue
            value = int(raw)
        elif kind == "int":
            try:
                value = int(raw)
            except (TypeError, ValueError):
                continue
        else:
            value = str(raw)
        if value != option.get("default"):
            out[name] = value
    return out


class NewTableScreen(Dialog):
    """A new table: the game, its seats, its options, a turn clock and bots in the other seats."""

    BINDINGS = [  # noqa: RUF012
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+s", "create", "Create", priority=True),
    ]

    def __init__(self) -> None:
        super().__init__()
        rulesets = self.owner.info.rulesets
        default = next((r for r in rulesets if r.get("default")), rulesets[0] if rulesets else {})
        self.values: dict[str, Any] = {"ruleset": default.get("name"), "players": None, "clock": ""}

    def on_mount(self) -> None:
        self.query_one("#f-ruleset").focus()

    async def rebuild(self, focus: str) -> None:
        """The form again for a new game or seat count, the focus where it was."""
        await self.recompose()
        self.query_one(f"#{focus}").focus()

    def ruleset(self) -> dict[str, Any]:
        return self.owner.ruleset(self.values.get("ruleset"))

    def players(self) -> int:
        ruleset = self.ruleset()
        low, high = ruleset.get("min_players", 1), ruleset.get("max_players", 1)
        wanted = self.values.get("players") or ruleset.get("default_players", low)
        return int(min(high, max(low, wanted)))

    def compose(self) -> ComposeResult:
        texts = self.owner.texts
        t = texts.t
        ruleset = self.ruleset()
        players = self.players()
        with VerticalScroll(id="new-table", classes="dialog"):
            yield Static(t("new.title"), classes="dialog-title")
            rulesets = [
                (texts.title(r.get("title"), r["name"]), r["name"])
                for r in self.owner.info.rulesets
            ]
            yield self.row(
                t("new.game"),
                Select(
                    rulesets,
                    value=ruleset.get("name", Select.BLANK),
                    allow_blank=False,
                    compact=True,
                    id="f-ruleset",
                ),
            )
            low, high = ruleset.get("min_players", 1), ruleset.get("max_players", 1)
            counts = [(str(n), n) for n in range(low, high + 1)]
            yield self.row(
                t("new.players"),
                Select(counts, value=players, allow_blank=False, compact=True, id="f-players"),
            )
            for option in ruleset.get("options") or []:
                yield self.option_row(option, players)
            yield self.row(
                t("new.clock"),
                Input(
                    str(self.values.get("clock") or ""),
                    placeholder=t("new.noClock"),
                    type="integer",
                    compact=True,
                    id="f-clock",
                ),
            )
            bots = ruleset.get("bots") or []
            if bots:
                kinds = [(t("new.player"), "-"), *[(t("seat.bot", kind=b), b) for b in bots]]
                for seat in range(1, players):
                    value = self.values.get(f"bot-{seat}", "-")
                    yield self.row(
                        t("new.seat", n=seat + 1),
                        Select(
                            kinds,
                            value=value if value in ["-", *bots] else "-",
                            allow_blank=False,
                            compact=True,
                            id=f"f-bot-{seat}",
                        ),
                    )
            with Horizontal(classes="buttons"):
                yield Button(t("btn.create"), variant="primary", compact=True, id="create")
                yield Button(t("btn.cancel"), compact=True, id="cancel")

    def row(self, label: str, field: Any) -> Horizontal:
        return Horizontal(Label(label, classes="field-label"), field, classes="field")

    def option_row(self, option: dict[str, Any], players: int) -> Horizontal:
        texts = self.owner.texts
        name = option["name"]
        label = texts.title(option.get("title"), name)
        value = self.values.get(f"opt-{name}", option.get("default"))
        kind = option.get("type")
        field: Any
        if kind == "bool":
            field = Checkbox(
                texts.title(option.get("help")) or "",
                value=bool(value),
                compact=True,
                id=f"o-{name}",
            )
        elif kind == "seat":
            seats = [
                (texts.t("new.byLot"), "random"),
                *[(texts.t("new.seat", n=s + 1), str(s)) for s in range(players)],
            ]
            chosen = (
                str(value)
                if value is not None and str(value) in {v for _, v in seats}
                else "random"
            )
            field = Select(seats, value=chosen, allow_blank=False, compact=True, id=f"o-{name}")
        elif option.get("choices"):
            titles = option.get("choice_titles") or {}
            choices = [(texts.title(titles.get(str(c)), str(c)), str(c)) for c in option["choices"]]
            field = Select(
                choices, value=str(value), allow_blank=False, compact=True, id=f"o-{name}"
            )
        else:
            field = Input(
                str(value if value is not None else ""),
                type="integer",
                compact=True,
                id=f"o-{name}",
            )
        return self.row(label, field)

    def on_select_changed(self, event: Select.Changed) -> None:
        wid = event.select.id or ""
        if wid == "f-ruleset":
            if event.value != self.values.get("ruleset"):
                self.values = {
                    "ruleset": event.value,
                    "players": None,
                    "clock": self.values.get("clock"),
                }
                self.run_worker(self.rebuild(wid))
        elif wid == "f-players":
            if event.value != self.players():
                self.values["players"] = event.value
                self.run_worker(self.rebuild(wid))
        elif wid.startswith("f-bot-"):
            self.values[wid[2:]] = event.value
        elif wid.startswith("o-"):
            self.values[f"opt-{wid[2:]}"] = event.value

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        self.values[f"opt-{(event.checkbox.id or '')[2:]}"] = event.value

    def on_input_changed(self, event: Input.Changed) -> None:
        wid = event.input.id or ""
        if wid == "f-clock":
            self.values["clock"] = event.value
        elif wid.startswith("o-"):
            self.values[f"opt-{wid[2:]}"] = event.value

    def message(self) -> dict[str, Any]:
        """The ``new_game`` message the form describes."""
        ruleset = self.ruleset()
        players = self.players()
        schema = ruleset.get("options") or []
        values = {
            o["name"]: self.values[f"opt-{o['name']}"]
            for o in schema
            if f"opt-{o['name']}" in self.values
        }
        out: dict[str, Any] = {
            "type": "new_game",
            "ruleset": ruleset.get("name"),
            "players": players,
        }
        options = read_options(schema, values)
        if options:
            out["options"] = options
        clock = str(self.values.get("clock") or "").strip()
        if clock.isdigit():
            out["clock"] = int(clock)
        if ruleset.get("bots") and players > 1:
            bots = [self.values.get(f"bot-{seat}", "-") for seat in range(1, players)]
            if any(b != "-" for b in bots):
                out["bots"] = [None if b == "-" else b for b in bots]
        return out

    async def action_create(self) -> None:
        await self.owner.send(self.message())
        self.dismiss(None)

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "create":
            await self.action_create()
        else:
            self.dismiss(None)


class ChoiceScreen(Dialog):
    """Choose one of several actions (e.g. the ways a card can lie on one slot)."""

    def __init__(self, title: str, choices: list[tuple[str, str]]) -> None:
        super().__init__()
        self.title_text = title
        self.choices = choices

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog small"):
            yield Static(self.title_text, classes="dialog-title")
            yield OptionList(
                *[Option(label, id=action) for label, action in self.choices], id="choices"
            )

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        options.highlighted = 0
        options.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)


class NotationScreen(Dialog):
    """Type an action in the notation (``NES@1,0``, ``pass:map``); the legal ones are suggested."""

    def __init__(self, legal: list[str]) -> None:
        super().__init__()
        self.legal = legal

    def compose(self) -> ComposeResult:
        t = self.owner.texts.t
        with Vertical(classes="dialog small"):
            yield Static(t("notation.title"), classes="dialog-title")
            yield Input(
                placeholder=t("notation.hint"), suggester=SuggestFromList(self.legal), id="notation"
            )
            shown = ", ".join(self.legal[:12]) + (" …" if len(self.legal) > 12 else "")
            yield Static(t("notation.legal", actions=shown or "—"), classes="dim")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value.strip() or None)


class PromptScreen(Dialog):
    """A line of text (a new nickname)."""

    def __init__(self, title: str, hint: str) -> None:
        super().__init__()
        self.title_text = title
        self.hint = hint

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog small"):
            yield Static(self.title_text, classes="dialog-title")
            yield Input(placeholder=self.hint, max_length=20, id="prompt")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value.strip() or None)


class ResultsScreen(Dialog):
    """A round's or the game's results."""

    BINDINGS = [Binding("escape,enter,space", "cancel", "Continue")]  # noqa: RUF012

    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        t = self.owner.texts.t
        with Vertical(classes="dialog results", id="results"):
            yield Static(self.lines[0] if self.lines else "", classes="dialog-title")
            yield Static("\n".join(self.lines[1:]), id="results-body")
            yield Static(t("result.continue"), classes="dim")


KEYS = (
    ("keys.everywhere", ("F1 ?", "keys.help"), ("Tab", "keys.tab"), ("Ctrl+Q", "keys.quit")),
    (
        "keys.lobby",
        ("Enter", "keys.enter"),
        ("n", "keys.new"),
        ("s", "keys.start"),
        ("x", "keys.leave"),
        ("w", "keys.watch"),
        ("o", "keys.open"),
        ("c", "keys.chat"),
        ("F2", "keys.channel"),
        ("r", "keys.rename"),
        ("a", "keys.account"),
        ("/", "keys.search"),
        ("[ ]", "keys.pages"),
        ("l", "keys.lang"),
        ("q", "keys.quit"),
    ),
    (
        "keys.game",
        ("1-9", "keys.card"),
        ("Enter", "keys.choose"),
        ("a", "keys.menu"),
        ("m", "keys.board"),
        ("← ↑ → ↓", "keys.arrows"),
        ("+ −  f", "keys.zoom"),
        (":", "keys.notation"),
        ("c / e", "keys.chatEvents"),
        ("Esc", "keys.back"),
        ("b", "keys.lobbyBack"),
    ),
)


class HelpScreen(Dialog):
    """The keys."""

    BINDINGS = [Binding("escape,enter,f1,question_mark,q", "cancel", "Close")]  # noqa: RUF012

    def compose(self) -> ComposeResult:
        t = self.owner.texts.t
        lines = []
        for section, *keys in KEYS:
            lines.append(f"[b]{t(section)}[/b]")
            lines += [f"  [b #e8c050]{key:<9}[/] {t(what)}" for key, what in keys]
        with VerticalScroll(classes="dialog", id="help"):
            yield Static(t("keys.title"), classes="dialog-title")
            yield Static("\n".join(lines))
