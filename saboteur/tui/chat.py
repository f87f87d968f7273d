"""The chat panel: one list of lines of the three channels, and a line to type into.

The line goes to the chosen channel: everyone, my game (the table I sit at or watch) or a
whisper to one player.  F2 steps through the channels; ``/w NAME text`` whispers to NAME,
``/g text`` says it at my game, ``/a text`` to everyone, whatever the choice.

>>> parse("/w Bob psst", ("global", None, None))
('whisper', None, 'Bob', 'psst')
>>> parse("/g gl", ("global", None, None), game=7), parse("hi", ("game", 7, None))
(('game', 7, None, 'gl'), ('game', 7, None, 'hi'))
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Label, RichLog

if TYPE_CHECKING:
    from saboteur.tui.app import SaboteurApp

Channel = tuple[str, int | None, str | None]  # channel, game, whisper partner


def parse(
    text: str, channel: Channel, game: int | None = None
) -> tuple[str, int | None, str | None, str]:
    """The channel a typed line goes to and its text (a leading command chooses the channel)."""
    kind, at, to = channel
    words = text.split(" ", 2)
    if words[0] == "/w" and len(words) == 3:
        return "whisper", None, words[1], words[2]
    if words[0] == "/g" and len(words) > 1:
        return "game", game if game is not None else at, None, text[3:]
    if words[0] == "/a" and len(words) > 1:
        return "global", None, None, text[3:]
    return kind, at, to, text


class ChatPanel(Vertical):
    """Chat lines and the input; ``game``: the game the "my game" channel talks to."""

    DEFAULT_CSS = """
    ChatPanel { height: 1fr; }
    ChatPanel RichLog { height: 1fr; background: $surface; scrollbar-size-vertical: 1; }
    ChatPanel Horizontal { height: 1; }
    ChatPanel .channel { width: auto; padding: 0 1; background: $primary-darken-2; }
    ChatPanel Input { border: none; height: 1; padding: 0 1; }
    """

    def __init__(self, game: int | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game = game
        self.channel: Channel = ("game", game, None) if game is not None else ("global", None, None)
        self.shown = 0

    @property
    def owner(self) -> SaboteurApp:
        from saboteur.tui.app import SaboteurApp

        assert isinstance(self.app, SaboteurApp)
        return self.app

    def compose(self) -> ComposeResult:
        yield RichLog(wrap=True, markup=False, min_width=20, id="chat-log")
        with Horizontal():
            yield Label("", classes="channel", id="chat-channel")
            yield Input(placeholder=self.owner.texts.t("chat.placeholder"), id="chat-input")

    def on_mount(self) -> None:
        self.show_channel()
        self.refresh_lines(full=True)

    def channels(self) -> list[Channel]:
        """The channels to step through: everyone, my games, whispers to those I know."""
        state = self.owner.state
        out: list[Channel] = [("global", None, None)]
        games = [self.game] if self.game is not None else sorted(set(state.seats) | state.watching)
        out += [("game", g, None) for g in games]
        partners = [n for n in state.online if n != state.me][:20]
        if self.channel[0] == "whisper" and self.channel[2] not in partners:
            partners.insert(0, str(self.channel[2]))
        out += [("whisper", None, n) for n in partners]
        return out

    def next_channel(self) -> None:
        options = self.channels()
        now = options.index(self.channel) if self.channel in options else -1
        self.channel = options[(now + 1) % len(options)]
        self.show_channel()

    def whisper_to(self, name: str) -> None:
        self.channel = ("whisper", None, name)
        self.show_channel()
        self.query_one("#chat-input", Input).focus()

    def show_channel(self) -> None:
        texts = self.owner.texts
        kind, game, to = self.channel
        if kind == "game":
            label = texts.t("chat.game", id=game)
        elif kind == "whisper":
            label = texts.t("chat.whisperTo", name=to)
        else:
            label = texts.t("chat.global")
        self.query_one("#chat-channel", Label).update(label)

    def line_text(self, line: dict[str, Any]) -> Text:
        texts = self.owner.texts
        out = Text()
        channel = line.get("channel")
        if channel == "game" and self.game is None:
            out.append(f"[#{line.get('game')}] ", style="dim")
        if line.get("from") is None:
            message = line.get("message")
            said = texts.render(message) if isinstance(message, dict) else str(line.get("text"))
            out.append(said, style="italic #e0c080")
            return out
        if channel == "whisper":
            out.append(f"{line['from']} → {line.get('to')}: ", style="bold #c080ff")
        else:
            out.append(f"{line['from']}: ", style="bold #80c0ff")
        out.append(str(line.get("text", "")))
        return out

    def refresh_lines(self, full: bool = False) -> None:
        """Write the lines not yet shown (``full``: all of them again)."""
        lines = self.owner.state.chat_lines(self.game)
        log = self.query_one("#chat-log", RichLog)
        if full or len(lines) < self.shown:
            log.clear()
            self.shown = 0
        for line in lines[self.shown :]:
            log.write(self.line_text(line))
        self.shown = len(lines)

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "chat-input":
            return
        event.stop()
        text = event.value.strip()
        if not text:
            return
        kind, game, to, said = parse(text, self.channel, self.game)
        message: dict[str, Any] = {"type": "chat", "channel": kind, "text": said}
        if kind == "game":
            if game is None:
                self.owner.notify(self.owner.texts.t("chat.noGame"), severity="warning")
                return
            message["game"] = game
        if kind == "whisper":
            message["to"] = to
        event.input.value = ""
        await self.owner.send(message)
