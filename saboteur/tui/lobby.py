"""The lobby: tables to join, watch, open or start; players online; high scores; finished
games; the chat.  Every list is the state's, redrawn when a message changes it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.widgets import (
    DataTable,
    Footer,
    Input,
    OptionList,
    Static,
    TabbedContent,
    TabPane,
)
from textual.widgets.option_list import Option

from saboteur.tui.chat import ChatPanel
from saboteur.tui.finished import Query
from saboteur.tui.footer_words import WordedScreen
from saboteur.tui.texts import Texts

if TYPE_CHECKING:
    from saboteur.tui.app import SaboteurApp

WIDE = 110  # columns from which the chat stands beside the lists instead of under them


def option_words(schema: list[dict[str, Any]], chosen: dict[str, Any], texts: Texts) -> list[str]:
    """A table's options in words ("Rounds: 1", "Demo opening"), those that are not defaults.

    >>> from saboteur.server.messages import catalogue_body
    >>> schema = [{"name": "rounds", "type": "int", "default": 3, "title": {"en": "Rounds"}},
    ...     {"name": "demo", "type": "bool", "default": False, "title": {"en": "Demo"}}]
    >>> option_words(schema, {"rounds": 1, "demo": True}, Texts(catalogue_body()))
    ['Rounds: 1', 'Demo']
    >>> first = [{"name": "first", "type": "seat", "default": None, "title": {"en": "First"}}]
    >>> option_words(first, {"first": 2}, Texts(catalogue_body(), "de"))
    ['First: Platz 3']
    """
    out = []
    for option in schema:
        name = option["name"]
        if name not in chosen or chosen[name] == option.get("default"):
            continue
        title = texts.title(option.get("title"), name)
        value = chosen[name]
        if option.get("type") == "bool":
            if value:
                out.append(title)
            continue
        named = (option.get("choice_titles") or {}).get(str(value))
        if option.get("type") == "seat":
            shown = texts.t("new.seat", n=value + 1)
        else:
            shown = texts.title(named, str(value))
        out.append(f"{title}: {shown}")
    return out


def seat_words(table: dict[str, Any], texts: Texts) -> str:
    """A table's seats: the host named so in words, — a free seat, a bot with the badge of its
    kind (★ is kept for the winners of a game)."""
    bots = table.get("bots") or []
    away = set(table.get("away") or [])
    out = []
    for seat, name in enumerate(table.get("seats") or []):
        if name is None:
            out.append("—")
            continue
        text = str(name)
        if name == table.get("host"):
            text += f" ({texts.t('seat.host')})"
        if seat < len(bots) and bots[seat]:
            text += f" ({texts.t('seat.bot', kind=bots[seat])})"
        elif seat in away:
            text += f" ({texts.t('seat.away')})"
        out.append(text)
    return ", ".join(out)


PAGED = ("tab-online", "tab-finished")  # the tabs whose lists [ and ] page through


class LobbyScreen(WordedScreen):
    BINDINGS = [  # noqa: RUF012
        Binding("left_square_bracket", "page(-1)", "Page back"),  # on the paged tabs only
        Binding("right_square_bracket", "page(1)", "Page on"),
        Binding("enter", "enter", "Join/Open", show=False),
        Binding("n", "new", "New table"),
        Binding("j", "join", "Join", show=False),
        Binding("s", "start", "Start"),
        Binding("x", "leave", "Leave"),
        Binding("w", "watch", "Watch"),
        Binding("o", "open", "My game"),
        Binding("c", "chat", "Chat"),
        Binding("f2", "channel", "Channel"),
        Binding("r", "rename", "Rename"),
        Binding("a", "account", "Account"),
        Binding("slash", "search", "Search", show=False),
        Binding("l", "lang", "EN/DE"),
        Binding("f1,question_mark", "app.help", "Help"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.follow = True

    @property
    def owner(self) -> SaboteurApp:
        from saboteur.tui.app import SaboteurApp

        assert isinstance(self.app, SaboteurApp)
        return self.app

    # -- layout --

    def compose(self) -> ComposeResult:
        t = self.owner.texts.t
        yield Static("", id="bar")
        with Horizontal(id="lobby-body"):
            with TabbedContent(id="lobby-tabs"):
                with TabPane(t("lobby.tables"), id="tab-tables"):
                    yield DataTable(id="tables", cursor_type="row", zebra_stripes=True)
                    yield Static("", id="table-hint")
                with TabPane(t("lobby.online"), id="tab-online"):
                    yield Input(placeholder=t("online.search"), max_length=32, id="online-search")
                    yield Static("", id="online-title")
                    yield OptionList(id="online")
                with TabPane(t("lobby.highscores"), id="tab-scores"):
                    yield DataTable(id="scores", cursor_type="row", zebra_stripes=True)
                    yield Static("", id="scores-hint")
                with TabPane(t("lobby.finished"), id="tab-finished"):
                    yield Input(
                        self.owner.state.finished_pages.player,
                        placeholder=t("finished.search"),
                        max_length=32,
                        id="finished-search",
                    )
                    yield Static("", id="finished-line")
                    yield DataTable(id="finished", cursor_type="row", zebra_stripes=True)
            with Vertical(id="lobby-chat"):
                yield ChatPanel(id="chat")
        yield Footer()

    def on_mount(self) -> None:
        self.set_columns()
        self.redraw()
        self.query_one("#tables", DataTable).focus()
        self.on_resize()

    def on_resize(self, event: object = None) -> None:
        self.set_class(self.app.size.width >= WIDE, "wide")

    def on_screen_resume(self) -> None:
        if not self.follow:  # back from a game window: the lobby's changes again
            self.follow = True
            self.owner.send_soon({"type": "lobby", "follow": True})
        self.redraw()
        self.query_one(ChatPanel).refresh_lines(full=True)

    def on_screen_suspend(self) -> None:
        from saboteur.tui.game import GameScreen

        if isinstance(self.app.screen, GameScreen):
            self.follow = False
            self.owner.send_soon({"type": "lobby", "follow": False})

    def set_columns(self) -> None:
        t = self.owner.texts.t
        tables = self.query_one("#tables", DataTable)
        tables.clear(columns=True)
        tables.add_columns("#", t("col.game"), t("col.state"), t("col.seats"))  # seats may run off
        scores = self.query_one("#scores", DataTable)
        scores.clear(columns=True)
        scores.add_columns(t("hs.name"), t("hs.gold"), t("hs.games"), t("hs.won"))
        finished = self.query_one("#finished", DataTable)
        finished.clear(columns=True)
        finished.add_columns("#", t("col.game"), t("col.seats"), t("col.finished"))

    def relabel(self) -> None:
        """The language changed: every label again."""
        self.refresh(recompose=True)
        self.call_after_refresh(self.on_mount)

    # -- drawing --

    def show_status(self) -> None:
        if not self.is_mounted:
            return
        app = self.owner
        state = app.state
        t = app.texts.t
        online = t("conn.online") if app.online else t("conn.offline")
        me = t("lobby.you", name=state.me or "?")
        count = t("lobby.count", n=state.online_count)
        # (no bar while the screen is being composed, again after a language change: its mount
        # draws it then; a status that comes in between is not an error)
        for bar in self.query("#bar").results(Static):
            bar.update(f" {t('app.title')} · {me} · {count} · {online}")

    def redraw(self) -> None:
        self.show_status()
        self.draw_tables()
        self.draw_online()
        self.draw_scores()
        self.draw_finished()

    def title_of(self, table: dict[str, Any]) -> str:
        texts = self.owner.texts
        ruleset = self.owner.ruleset(table.get("ruleset"))
        title = texts.title(ruleset.get("title"), str(table.get("ruleset", "")))
        bits = option_words(ruleset.get("options") or [], table.get("options") or {}, texts)
        return ", ".join([title, *bits])

    def state_of(self, table: dict[str, Any]) -> str:
        t = self.owner.texts.t
        me = self.owner.state.me
        seats = table.get("seats") or []
        taken = sum(1 for s in seats if s is not None)
        if table.get("status") == "open":
            if taken < len(seats):
                return t("lobby.waiting", n=taken, m=len(seats))
            return (
                t("lobby.full")
                if table.get("host") == me
                else t("lobby.hostStarts", host=table.get("host"))
            )
        return t("lobby.running", r=table.get("round") or 1)

    def draw_tables(self) -> None:
        state = self.owner.state
        table = self.query_one("#tables", DataTable)
        keep = table.cursor_row
        mine = set(state.my_tables())
        rows = sorted(
            [*state.open, *state.active],
            key=lambda t: (t["id"] not in mine, t["status"] != "open", t["id"]),
        )
        table.clear()
        for row in rows:
            mark = "▶" if row["id"] in mine else " "
            table.add_row(
                f"{mark}{row['id']}",
                self.title_of(row),
                self.state_of(row),
                seat_words(row, self.owner.texts),
                key=str(row["id"]),
            )
        if rows:
            table.move_cursor(row=min(keep, len(rows) - 1))
        t = self.owner.texts.t
        hint = t("lobby.none") if not rows else t("lobby.tableKeys")
        more = state.open_count + state.active_count - len(rows)
        if more > 0:
            hint += " " + t("lobby.more", n=more)
        self.query_one("#table-hint", Static).update(hint)

    def draw_online(self) -> None:
        state = self.owner.state
        online = self.query_one("#online", OptionList)
        online.clear_options()
        you = f" ({self.owner.texts.t('me.you')})"
        online.add_options(
            [Option(name + (you if name == state.me else ""), id=name) for name in state.online]
        )  # the id stays the name: Enter whispers to it
        title = self.owner.texts.t(
            "online.title",
            matches=state.online_matches,
            count=state.online_count,
            page=state.online_page + 1,
            pages=state.online_pages,
        )
        self.query_one("#online-title", Static).update(title)

    def draw_scores(self) -> None:
        scores = self.query_one("#scores", DataTable)
        scores.clear()
        for row in self.owner.state.highscores:
            scores.add_row(row["name"], row.get("gold", 0), row.get("games", 0), row.get("won", 0))
        hint = "hs.about" if self.owner.state.highscores else "hs.none"
        self.query_one("#scores-hint", Static).update(self.owner.texts.t(hint))

    def draw_finished(self) -> None:
        """The page of finished games on show, and the line above it (which, of how many)."""
        finished = self.query_one("#finished", DataTable)
        finished.clear()
        texts = self.owner.texts
        pages = self.owner.state.finished_pages
        rows = pages.shown(self.owner.state.finished)
        for row in rows:
            when = str(row.get("finished_at") or "")[:10]
            finished.add_row(str(row["id"]), self.title_of(row), seat_words(row, texts), when)
        self.query_one("#finished-line", Static).update(pages.line(len(rows), texts))

    def showing(self, tab: str) -> bool:
        return self.query_one("#lobby-tabs", TabbedContent).active == tab

    def ask_finished(self) -> None:
        """Ask the server (over HTTP, in a thread) for the page of finished games on show."""
        query = self.owner.state.finished_pages.ask()
        self.draw_finished()
        self.run_worker(self.read_finished(query), group="finished", exclusive=True)

    async def read_finished(self, query: Query) -> None:
        await self.owner.state.finished_pages.read(query, self.owner.info.base)
        if self.is_mounted:
            self.draw_finished()

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        self.refresh_bindings()
        pages = self.owner.state.finished_pages
        if event.pane.id == "tab-finished" and pages.count is None and pages.asked is None:
            self.ask_finished()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """[ and ] (shown in the footer) only where a list has pages."""
        if action != "page":
            return True
        try:
            return any(self.showing(tab) for tab in PAGED)
        except NoMatches:  # not composed yet
            return False

    def on_server(self, message: dict[str, Any]) -> None:
        if not self.is_mounted:
            return  # drawn from the state once mounted
        kind = message.get("type")
        if kind in ("chat", "chat_history", "welcome"):
            self.query_one(ChatPanel).refresh_lines(full=kind != "chat")
        if kind in ("welcome", "lists", "games_changed", "joined", "left", "user"):
            self.draw_tables()
        if kind == "presence" and self.owner.state.browsing_online:  # the page, as it is now
            self.ask_online(self.owner.state.online_search, self.owner.state.online_page)
        if kind in ("welcome", "lists", "presence", "user", "online"):
            self.draw_online()
        if kind in ("welcome", "lists", "highscores"):
            self.draw_scores()
            self.draw_finished()
        if kind in ("welcome", "lists") and self.showing("tab-finished"):
            self.ask_finished()  # the count again
        self.show_status()

    # -- acting --

    def chosen(self) -> dict[str, Any] | None:
        """The table under the cursor."""
        table = self.query_one("#tables", DataTable)
        if not table.row_count:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return self.owner.state.table(int(key)) if key is not None else None

    async def action_enter(self) -> None:
        focused = self.focused
        if isinstance(focused, OptionList) and focused.id == "online":
            index = focused.highlighted
            if index is not None:
                name = str(focused.get_option_at_index(index).id)
                self.query_one(ChatPanel).whisper_to(name)
            return
        table = self.chosen()
        if table is None:
            return
        state = self.owner.state
        if table["id"] in state.games and table["id"] in state.my_tables():
            self.owner.open_game(table["id"])
        elif table.get("status") == "open":
            await self.action_join()
        else:
            await self.action_watch()

    async def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if event.data_table.id == "tables":
            await self.action_enter()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "online" and event.option.id:
            self.query_one(ChatPanel).whisper_to(str(event.option.id))

    async def action_join(self) -> None:
        table = self.chosen()
        if table is not None:
            await self.owner.send({"type": "join", "game": table["id"]})

    async def action_start(self) -> None:
        table = self.chosen()
        if table is not None:
            await self.owner.send({"type": "start", "game": table["id"]})

    async def action_leave(self) -> None:
        table = self.chosen()
        if table is not None:
            await self.owner.send({"type": "leave", "game": table["id"]})

    async def action_watch(self) -> None:
        table = self.chosen()
        if table is None:
            return
        if table["id"] in self.owner.state.games:
            self.owner.open_game(table["id"])
        else:
            await self.owner.send({"type": "watch", "game": table["id"]})

    def action_open(self) -> None:
        state = self.owner.state
        running = [g for g in state.my_tables() if g in state.games]
        if running:
            self.owner.open_game(running[0])

    def action_new(self) -> None:
        from saboteur.tui.dialogs import NewTableScreen

        self.app.push_screen(NewTableScreen())

    def action_chat(self) -> None:
        self.query_one("#chat-input").focus()

    def action_channel(self) -> None:
        self.query_one(ChatPanel).next_channel()

    def action_rename(self) -> None:
        from saboteur.tui.dialogs import PromptScreen

        def rename(name: str | None) -> None:
            if name:
                self.owner.send_soon({"type": "rename", "name": name})

        t = self.owner.texts.t
        self.app.push_screen(PromptScreen(t("me.rename"), t("login.hint")), rename)

    def action_account(self) -> None:
        from saboteur.tui.account import AccountScreen

        self.app.push_screen(AccountScreen())

    def action_search(self) -> None:
        if self.showing("tab-finished"):
            self.query_one("#finished-search", Input).focus()
            return
        self.query_one("#lobby-tabs", TabbedContent).active = "tab-online"
        self.query_one("#online-search", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "online-search":
            event.stop()
            self.ask_online(event.value.strip(), 0)
            self.query_one("#online", OptionList).focus()
        elif event.input.id == "finished-search":
            event.stop()
            self.owner.state.finished_pages.search(event.value)
            self.ask_finished()
            self.query_one("#finished", DataTable).focus()

    def action_page(self, step: int) -> None:
        if self.showing("tab-finished"):
            pages = self.owner.state.finished_pages
            if pages.turn(step) or pages.count is None:
                self.ask_finished()
            return
        state = self.owner.state
        page = max(0, min(state.online_pages - 1, state.online_page + step))
        if page != state.online_page:
            self.ask_online(state.online_search, page)

    def ask_online(self, search: str, page: int) -> None:
        """A page of the people online whose names hold ``search`` (the answer redraws)."""
        self.owner.send_soon({"type": "online", "search": search, "page": page})

    def action_lang(self) -> None:
        texts = self.owner.texts
        self.owner.set_lang("de" if texts.lang == "en" else "en")
