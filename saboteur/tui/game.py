"""The game window: the maze, my hand and its menu, players, events, chat, the turn and clock.

What can be done comes from ``view.legal`` and the board's targets only; what a ruleset
draws or words its own way comes from its adapter (:mod:`saboteur.tui.adapters`).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Label, OptionList, RichLog, Static, TabbedContent, TabPane
from textual.widgets.option_list import Option

from saboteur.tui import targets as T
from saboteur.tui.adapters import Adapter, Choice, adapter_for
from saboteur.tui.boardview import BoardView
from saboteur.tui.chat import ChatPanel
from saboteur.tui.footer_words import WordedScreen
from saboteur.tui.picture import seat_colour
from saboteur.tui.state import GameFeed

if TYPE_CHECKING:
    from saboteur.tui.app import SaboteurApp

WIDE = 120  # columns from which the side panel is wider
MUTED = {"draw", "drew", "deal", "discard", "gold-value", "peek"}


def fact_lines(facts: list[str], width: int, indent: str = "    ") -> str:
    """A player's facts below their name, joined by " · "; a fact that would not fit in
    ``width`` columns (0: no limit) begins a new line, so none is split in two.

    >>> fact_lines(["6 cards", "broken: pickaxe", "◆ 0"], 30)
    '    6 cards · broken: pickaxe\\n    ◆ 0'
    >>> fact_lines(["6 cards", "◆ 0"], 0)
    '    6 cards · ◆ 0'
    """
    lines = [indent + facts[0]] if facts else []
    for fact in facts[1:]:
        joined = f"{lines[-1]} · {fact}"
        if width and cell_len(joined) > width:
            lines.append(indent + fact)
        else:
            lines[-1] = joined
    return "\n".join(lines)


class GameScreen(WordedScreen):
    BINDINGS = [  # noqa: RUF012
        Binding("escape", "back", "Back"),
        Binding("b", "lobby", "Lobby"),
        Binding("m", "board", "Maze"),
        Binding("h", "hand", "Hand"),
        Binding("a", "menu", "Actions"),
        Binding("colon", "notation", "Type action"),
        Binding("c", "chat", "Chat"),
        Binding("e", "events", "Events", show=False),
        Binding("f2", "channel", "Channel", show=False),
        Binding("p", "players", "Players", show=False),
        Binding("l", "lang", "EN/DE", show=False),
        Binding("f1,question_mark", "app.help", "Help"),
        *[Binding(str(n), f"card({n - 1})", show=False) for n in range(1, 10)],
    ]

    def __init__(self, game: int) -> None:
        super().__init__()
        self.game = game
        self.choice: list[Choice] = []  # the menu's lines as shown
        self.clock_key: tuple[Any, ...] | None = None
        self.clock_start = 0.0
        self.events_shown = 0
        self.panel_open = False
        self.steps: list[str] = []  # the rest of a chosen plan (a walk's steps), sent one a view

    @property
    def owner(self) -> SaboteurApp:
        from saboteur.tui.app import SaboteurApp

        assert isinstance(self.app, SaboteurApp)
        return self.app

    @property
    def feed(self) -> GameFeed:
        return self.owner.state.games[self.game]

    @property
    def adapter(self) -> Adapter:
        return adapter_for(self.feed.view.get("ruleset"))

    # -- layout --

    def compose(self) -> ComposeResult:
        t = self.owner.texts.t
        yield Static("", id="game-bar")
        with Horizontal(id="game-main"):
            yield BoardView(id="board")
            with Vertical(id="side"):
                yield Static("", id="players")
                with TabbedContent(id="side-tabs"):
                    with TabPane(t("side.events"), id="tab-events"):
                        yield RichLog(wrap=True, markup=False, min_width=20, id="events")
                    with TabPane(t("side.chat"), id="tab-chat"):
                        yield ChatPanel(game=self.game, id="game-chat")
        yield Static("", id="hint")
        with Horizontal(id="bottom"):
            with Vertical(id="hand-box"):
                yield Label("", id="hand-title")
                yield OptionList(id="hand")
            with Vertical(id="menu-box"):
                yield Label("", id="menu-title")
                yield OptionList(id="menu")
        yield Footer()

    def on_mount(self) -> None:
        self.redraw(full=True)
        self.query_one("#hand", OptionList).focus()
        self.set_interval(1.0, self.tick)
        self.on_resize()

    def on_resize(self, event: object = None) -> None:
        self.set_class(self.app.size.width >= WIDE, "wide")
        self.call_after_refresh(self.draw_players)  # the facts wrap to the new width

    def relabel(self) -> None:
        self.refresh(recompose=True)
        self.call_after_refresh(self.on_mount)

    # -- drawing --

    def on_server(self, message: dict[str, Any]) -> None:
        if not self.is_mounted:
            return  # drawn from the state once mounted
        kind = message.get("type")
        if kind == "game" and message.get("game") == self.game:
            self.redraw(full=bool(message.get("sync")))
        elif kind == "table" and message.get("game") == self.game:
            self.draw_bar()
            self.draw_players()
        elif kind in ("chat", "chat_history"):
            self.query_one(ChatPanel).refresh_lines(full=kind != "chat")
        elif kind == "welcome":
            self.draw_bar()

    def show_status(self) -> None:
        if not self.is_mounted:
            return
        self.draw_bar()

    def redraw(self, full: bool = False) -> None:
        if self.game not in self.owner.state.games:
            return
        board = self.query_one(BoardView)
        board.show(self.feed.view, self.adapter)
        if board.choosing:  # the targets of the choice being made, as they are now
            chosen = self.choosing_actions()
            board.choose_from(
                T.slots([t for t in self.adapter.targets(self.feed.view) if t["action"] in chosen])
            )
        self.draw_bar()
        self.draw_players()
        self.draw_events(full)
        self.draw_hand()
        self.draw_menu()
        self.draw_hint()
        self.go_on()
        self.maybe_results()

    def go_on(self) -> None:
        """Send the next step of a plan if the new view allows it, else drop the plan."""
        if not self.steps:
            return
        step = self.steps.pop(0)
        if step in self.feed.legal:
            self.owner.send_soon(self.act_message(step))
        else:
            self.steps = []

    def choosing_actions(self) -> set[str]:
        board = self.query_one(BoardView)
        return {a for actions in board.targets.values() for a in actions}

    def turn_words(self) -> str:
        feed, t = self.feed, self.owner.texts.t
        view = feed.view
        if feed.over:
            return t("turn.over")
        banner = self.adapter.banner(feed, self.owner.texts)
        if banner:
            return banner
        if feed.my_turn:
            return t("turn.yours")
        current = view.get("current")
        if isinstance(current, int) and 0 <= current < len(feed.names):
            return t("turn.other", name=feed.names[current])
        return ""

    def draw_bar(self) -> None:
        if self.game not in self.owner.state.games:
            return
        feed, texts = self.feed, self.owner.texts
        t = texts.t
        view = feed.view
        ruleset = self.owner.ruleset(view.get("ruleset"))
        bits = [
            t("game.label", id=self.game),
            texts.title(ruleset.get("title"), str(view.get("ruleset"))),
        ]
        if view.get("round") is not None and view.get("rounds") is not None:
            bits.append(t("info.round", r=view["round"], n=view["rounds"]))
        if isinstance(view.get("deck_size"), int):
            bits.append(t("info.deck", n=view["deck_size"]))
        if feed.seat is None:
            bits.append(t("info.spectating"))
        bits.append(("▶ " if feed.my_turn else "") + self.turn_words())
        left = self.clock_left()
        if left is not None:
            bits.append(f"⏱ {left} s")
        if not self.owner.online:
            bits.append(t("conn.offline"))
        bar = self.query_one("#game-bar", Static)
        bar.update(" " + " · ".join(b for b in bits if b))
        bar.set_class(feed.my_turn, "my-turn")

    def clock_left(self) -> int | None:
        feed = self.feed
        seconds = feed.summary.get("clock")
        if not seconds or feed.over:
            return None
        key = (feed.latest.get("seq"), feed.view.get("current"), feed.view.get("phase"))
        if key != self.clock_key:
            self.clock_key = key
            self.clock_start = time.monotonic()
        return max(0, int(seconds - (time.monotonic() - self.clock_start)))

    def tick(self) -> None:
        if self.game in self.owner.state.games and self.feed.summary.get("clock"):
            self.draw_bar()

    def draw_players(self) -> None:
        feed, texts = self.feed, self.owner.texts
        view = feed.view
        bots = feed.summary.get("bots") or []
        away = set(feed.summary.get("away") or [])
        panel = self.query_one("#players", Static)
        width = panel.size.width  # 0 before the first layout: one line a player
        out = Text()
        for seat, name in enumerate(feed.names):
            if seat:
                out.append("\n")
            now = view.get("current") == seat and not feed.over
            out.append("▶" if now else " ", style="bold #ffd23f")
            out.append("● ", style=seat_colour(seat))
            out.append(str(name), style="bold" if seat == feed.seat else "")
            if seat == feed.seat:
                out.append(f" ({texts.t('me.you')})", style="dim")
            if seat < len(bots) and bots[seat]:
                out.append(f" [{texts.t('seat.bot', kind=bots[seat])}]", style="#a0a0c0")
            elif seat in away:
                out.append(f" [{texts.t('seat.away')}]", style="#c08080")
            facts = self.adapter.player_facts(feed, seat, texts)
            if facts:
                out.append("\n" + fact_lines(facts, width), style="#c8b89a")
        panel.update(out)

    def draw_events(self, full: bool) -> None:
        feed, texts = self.feed, self.owner.texts
        log = self.query_one("#events", RichLog)
        if full or len(feed.events) < self.events_shown:
            log.clear()
            self.events_shown = 0
        for event in feed.events[self.events_shown :]:
            style = "dim" if event.get("kind") in MUTED else ""
            log.write(Text(texts.event(event, feed.names), style=style))
        self.events_shown = len(feed.events)

    def hand(self) -> list[str]:
        hand: list[str] = self.feed.view.get("hand") or []
        return hand

    def draw_hand(self) -> None:
        feed, texts = self.feed, self.owner.texts
        hand_list = self.query_one("#hand", OptionList)
        keep = hand_list.highlighted
        hand_list.clear_options()
        cards = self.hand()
        for n, card in enumerate(cards):
            playable = bool(T.for_card(feed.view, card))
            label = Text(f"{n + 1} ", style="bold")
            label.append(
                self.adapter.card_name(feed.view, texts, card), style="" if playable else "dim"
            )
            hand_list.add_option(Option(label, id=f"card-{n}"))
        if cards:
            hand_list.highlighted = min(keep or 0, len(cards) - 1)
        title = texts.t("info.hand") if feed.seat is not None else texts.t("info.spectating")
        if feed.seat is not None and not cards:
            title = texts.t("info.noHand")
        mine = self.adapter.my_facts(feed, texts)
        if mine:
            title += " · " + " · ".join(mine)
        self.query_one("#hand-title", Label).update(title)

    def current_card(self) -> str | None:
        hand_list = self.query_one("#hand", OptionList)
        cards = self.hand()
        index = hand_list.highlighted
        if index is None or not cards or index >= len(cards):
            return None
        return cards[index]

    def draw_menu(self) -> None:
        feed, texts = self.feed, self.owner.texts
        card = self.current_card()
        lines: list[Choice] = []
        if card is not None and self.adapter.hand_plays(feed):
            lines += self.adapter.card_menu(card, feed, texts)
        lines += self.adapter.table_menu(feed, texts)
        self.choice = lines
        menu = self.query_one("#menu", OptionList)
        keep = menu.highlighted
        menu.clear_options()
        for n, line in enumerate(lines):
            menu.add_option(Option(line.label, id=f"line-{n}", disabled=not line.enabled))
        first = next((n for n, line in enumerate(lines) if line.enabled), None)
        if keep is not None and keep < len(lines) and lines[keep].enabled:
            menu.highlighted = keep
        elif first is not None:
            menu.highlighted = first
        if card is not None:
            title = texts.t("menu.title", card=self.adapter.card_name(feed.view, texts, card))
        else:
            title = texts.t("menu.turn")
        self.query_one("#menu-title", Label).update(title)

    def draw_hint(self, text: str | None = None) -> None:
        t = self.owner.texts.t
        board = self.query_one(BoardView)
        if text is None:
            if board.choosing:
                text = t("hint.board")
            elif self.feed.my_turn:
                text = t("hint.pick")
            else:
                text = ""
        self.query_one("#hint", Static).update(text)

    def maybe_results(self) -> None:
        from saboteur.tui.dialogs import ResultsScreen

        feed = self.feed
        if self.panel_open or self.app.screen is not self:
            return
        over = feed.over and not feed.over_shown
        if not over and not self.adapter.round_over(feed):
            return
        feed.results_seen = len(feed.view.get("results") or [])
        if feed.over:
            feed.over_shown = True
        lines = self.adapter.results(feed, self.owner.texts, feed.over)
        self.panel_open = True

        def closed(_: None) -> None:
            self.panel_open = False

        self.app.push_screen(ResultsScreen(lines), closed)

    # -- choosing --

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id == "hand":
            self.draw_menu()

    async def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_list.id == "hand":
            self.focus_menu()
        elif event.option_list.id == "menu":
            index = event.option_index
            if 0 <= index < len(self.choice):
                await self.take(self.choice[index])

    def focus_menu(self) -> None:
        menu = self.query_one("#menu", OptionList)
        first = next((n for n, line in enumerate(self.choice) if line.enabled), None)
        if first is not None:
            menu.highlighted = first
        menu.focus()

    async def take(self, line: Choice) -> None:
        if not line.enabled:
            self.notify(line.reason or line.label, severity="warning", timeout=2)
            return
        if line.board:
            board = self.query_one(BoardView)
            view = self.feed.view
            mine = [t for t in self.adapter.targets(view) if t["action"] in line.actions]
            board.choose_from(T.slots(mine))
            board.focus()
            self.draw_hint()
            return
        await self.act(line.actions[0])

    async def on_board_view_chosen(self, event: BoardView.Chosen) -> None:
        from saboteur.tui.dialogs import ChoiceScreen

        if len(event.actions) == 1:
            await self.act(event.actions[0])
            return
        texts = self.owner.texts
        labels = [self.adapter.choice_label(a, self.feed, texts) for a in event.actions]

        async def chosen(action: str | None) -> None:
            if action:
                await self.act(action)

        title = texts.t("hint.choose")
        self.app.push_screen(
            ChoiceScreen(title, list(zip(labels, event.actions, strict=True))), chosen
        )

    def on_board_view_moved(self, event: BoardView.Moved) -> None:
        board = self.query_one(BoardView)
        x, y = event.slot
        cell = next((c for c in board.board.get("cells") or [] if (c["x"], c["y"]) == (x, y)), None)
        words = self.adapter.cell_words(cell, self.feed.view, self.owner.texts, x, y)
        if event.slot in board.targets:
            words = "▶ " + words
        self.draw_hint(words)

    async def act(self, action: str) -> None:
        """Send an action of my view's legal list, with the view's ``seq``."""
        board = self.query_one(BoardView)
        board.choose_from({})
        first, *self.steps = self.adapter.plan(action, self.feed.view)
        await self.owner.send(self.act_message(first))
        self.query_one("#hand", OptionList).focus()
        self.draw_hint("")

    def act_message(self, action: str) -> dict[str, Any]:
        return {
            "type": "act",
            "game": self.game,
            "action": action,
            "seq": self.feed.latest.get("seq"),
        }

    # -- keys --

    def action_back(self) -> None:
        board = self.query_one(BoardView)
        if board.choosing:
            board.choose_from({})
            self.focus_menu()
            self.draw_hint()
        elif self.focused is self.query_one("#menu"):
            self.query_one("#hand", OptionList).focus()
        else:
            self.action_lobby()

    def action_lobby(self) -> None:
        if self.feed.seat is None:
            self.owner.send_soon({"type": "unwatch", "game": self.game})
            self.owner.state.unwatch(self.game)
        self.app.pop_screen()

    def action_board(self) -> None:
        self.query_one(BoardView).focus()

    def action_hand(self) -> None:
        self.query_one("#hand", OptionList).focus()

    def action_menu(self) -> None:
        self.focus_menu()

    def action_card(self, index: int) -> None:
        hand_list = self.query_one("#hand", OptionList)
        if index < len(self.hand()):
            hand_list.highlighted = index
            self.draw_menu()
            self.focus_menu()

    def action_chat(self) -> None:
        self.query_one("#side-tabs", TabbedContent).active = "tab-chat"
        self.query_one("#chat-input").focus()

    def action_events(self) -> None:
        self.query_one("#side-tabs", TabbedContent).active = "tab-events"

    def action_channel(self) -> None:
        self.query_one(ChatPanel).next_channel()

    def action_players(self) -> None:
        self.query_one("#players").toggle_class("hidden")

    def action_lang(self) -> None:
        texts = self.owner.texts
        self.owner.set_lang("de" if texts.lang == "en" else "en")

    def action_notation(self) -> None:
        from saboteur.tui.dialogs import NotationScreen

        feed = self.feed

        async def typed(action: str | None) -> None:
            if not action:
                return
            offered = {t["action"] for t in self.adapter.targets(self.feed.view)}
            if action not in self.feed.legal and action not in offered:
                self.notify(self.owner.texts.t("err.notLegal", action=action), severity="error")
                return
            await self.act(action)

        self.app.push_screen(NotationScreen(feed.legal), typed)
