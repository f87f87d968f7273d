"""The terminal client's picture of the server, updated message by message (no Textual here).

Everything the lobby and the game windows show is kept here: who I am, the tables, who is
online, high scores and finished games, the chat lines of every channel, and the latest
``game`` message of every game I sit at or watch, with its event feed.  The updates are the
browser's (``web/static/state.js``), done the same way:

>>> state = ClientState()
>>> state.apply({"type": "welcome", "user": {"id": 1, "name": "Ann"}, "token": "t",
...     "online": ["Ann"], "online_count": 1, "games": {"open": [], "active": []},
...     "finished": [], "highscores": [], "chat": [], "whispers": []})
>>> state.me, state.token
('Ann', 't')
>>> state.apply({"type": "games_changed", "games": [{"id": 2, "status": "open",
...     "seats": ["Ann", None], "host": "Ann"}], "gone": [], "hidden": []})
>>> [table["id"] for table in state.open], state.my_tables()
([2], [2])
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from saboteur.tui.finished import FINISHED_PAGE, FinishedPages

Message = dict[str, Any]
CHAT_KEEP = 200  # chat lines kept per channel
FEED_KEEP = 200  # events kept per game
ONLINE_PAGE = 50  # names on a page of the online list (the server's)


@dataclass
class GameFeed:
    """One game's latest ``game`` message and the events seen since this client arrived."""

    latest: Message
    events: list[Message] = field(default_factory=list)
    results_seen: int = 0  # round results already shown in a panel
    over_shown: bool = False

    @property
    def view(self) -> Message:
        view: Message = self.latest["view"]
        return view

    @property
    def names(self) -> list[str]:
        names: list[str] = self.latest.get("names") or []
        return names

    @property
    def seat(self) -> int | None:
        seat: int | None = self.latest.get("seat")
        return seat

    @property
    def summary(self) -> Message:
        summary: Message = self.latest.get("summary") or {}
        return summary

    @property
    def legal(self) -> list[str]:
        legal: list[str] = self.view.get("legal") or []
        return legal

    @property
    def my_turn(self) -> bool:
        return bool(self.legal)

    @property
    def over(self) -> bool:
        return self.view.get("phase") == "over"


@dataclass
class ClientState:
    """What the client knows; :meth:`apply` takes each message from the server."""

    me: str | None = None
    token: str | None = None
    online: list[str] = field(default_factory=list)
    online_count: int = 0
    online_search: str = ""  # the online list's search and page (0-based), as last answered
    online_page: int = 0
    online_pages: int = 1
    online_matches: int = 0
    registered: bool = False  # my nickname is registered
    open: list[Message] = field(default_factory=list)
    active: list[Message] = field(default_factory=list)
    open_count: int = 0
    active_count: int = 0
    finished: list[Message] = field(default_factory=list)  # the newest page, live
    finished_pages: FinishedPages = field(default_factory=FinishedPages)  # the page on show
    highscores: list[Message] = field(default_factory=list)
    chat: list[Message] = field(default_factory=list)  # every line, all channels, in order
    games: dict[int, GameFeed] = field(default_factory=dict)
    seats: dict[int, int] = field(default_factory=dict)  # game -> my seat (joined)
    watching: set[int] = field(default_factory=set)
    histories: dict[int, list[Message]] = field(default_factory=dict)  # game -> chat lines
    fresh: bool = True  # no game message since the last welcome yet

    # -- reading --

    def table(self, game: int) -> Message | None:
        """The lobby's summary of ``game`` (or the latest game message's), if any."""
        for table in (*self.open, *self.active):
            if table["id"] == game:
                return table
        feed = self.games.get(game)
        return feed.summary if feed else None

    def my_tables(self) -> list[int]:
        """The ids of the tables I sit at, open or running."""
        return [t["id"] for t in (*self.open, *self.active) if self.me in (t.get("seats") or [])]

    def chat_lines(self, game: int | None = None) -> list[Message]:
        """The lines shown in a chat panel: global lines and whispers, and the lines of
        ``game`` (the lobby: of every table I sit at or watch)."""
        mine = set(self.seats) | self.watching if game is None else {game}
        return [
            line for line in self.chat if line.get("channel") != "game" or line.get("game") in mine
        ]

    # -- updating --

    def apply(self, message: Message) -> None:
        """Take one message from the server into the state."""
        handler: Callable[[Message], None] | None = getattr(self, f"_on_{message['type']}", None)
        if handler is not None:
            handler(message)

    def _lists(self, message: Message) -> None:
        if self.browsing_online:  # a search or a later page stays; the count moves on
            self.online_count = message.get("online_count", self.online_count)
        else:
            self.online = list(message.get("online") or [])
            self.online_count = message.get("online_count", len(self.online))
            self.online_matches = self.online_count
            self.online_pages = max(1, -(-self.online_count // ONLINE_PAGE))
        games = message.get("games") or {}
        self.open = sorted(games.get("open") or [], key=lambda t: int(t["id"]))
        self.active = sorted(games.get("active") or [], key=lambda t: int(t["id"]))
        self.open_count = message.get("open_count", len(self.open))
        self.active_count = message.get("active_count", len(self.active))
        self.finished = list(message.get("finished") or [])[:FINISHED_PAGE]
        self.finished_pages.forget()
        self.highscores = list(message.get("highscores") or [])

    @property
    def browsing_online(self) -> bool:
        """Whether the online list shows a search or a page past the first."""
        return bool(self.online_search) or self.online_page > 0

    def _on_welcome(self, message: Message) -> None:
        self.me = message["user"]["name"]
        self.registered = bool(message["user"].get("registered"))
        self.token = message.get("token", self.token)
        self._lists(message)
        chat = [*(message.get("chat") or []), *(message.get("whispers") or [])]
        others = [line for line in self.chat if line.get("channel") == "game"]
        self.chat = sorted(chat, key=lambda line: str(line.get("at", ""))) + others
        self.fresh = True
        self.watching.clear()

    def _on_lists(self, message: Message) -> None:
        self._lists(message)

    def _on_user(self, message: Message) -> None:
        self.me = message["user"]["name"]

    def _on_games_changed(self, message: Message) -> None:
        changed = message.get("games") or []
        mine = set(self.my_tables())
        drop = {
            *(message.get("gone") or []),
            *(g for g in message.get("hidden") or [] if g not in mine),
            *(t["id"] for t in changed),
        }
        self.open = [t for t in self.open if t["id"] not in drop]
        self.active = [t for t in self.active if t["id"] not in drop]
        for table in changed:
            (self.open if table.get("status") == "open" else self.active).append(table)
        self.open.sort(key=lambda t: int(t["id"]))
        self.active.sort(key=lambda t: int(t["id"]))
        self.open_count = message.get("open_count", self.open_count)
        self.active_count = message.get("active_count", self.active_count)

    def _on_presence(self, message: Message) -> None:
        if "online" in message and not self.browsing_online:
            self.online = list(message["online"])
        self.online_count = message.get("count", self.online_count)
        if not self.browsing_online:
            self.online_matches = self.online_count
            self.online_pages = max(1, -(-self.online_count // ONLINE_PAGE))

    def _on_online(self, message: Message) -> None:
        self.online = list(message.get("names") or [])
        self.online_search = str(message.get("search") or "")
        self.online_page = int(message.get("page") or 0)
        self.online_pages = max(1, int(message.get("pages") or 1))
        self.online_count = message.get("count", self.online_count)
        self.online_matches = message.get("matches", len(self.online))

    def _on_account(self, message: Message) -> None:
        self.registered = bool(message.get("registered", True))

    def _on_highscores(self, message: Message) -> None:
        if "highscores" in message:
            self.highscores = list(message["highscores"])
        added = message.get("finished_new") or []
        ids = {g["id"] for g in added}
        rest = [g for g in self.finished if g["id"] not in ids]
        self.finished_pages.grew(len(ids) - (len(self.finished) - len(rest)))  # those not known
        self.finished = [*added, *rest][:FINISHED_PAGE]

    def _on_chat(self, message: Message) -> None:
        self.chat.append(message)
        if len(self.chat) > CHAT_KEEP * 3:
            del self.chat[: len(self.chat) - CHAT_KEEP * 3]

    def _on_chat_history(self, message: Message) -> None:
        game = message["game"]
        self.chat = [
            line
            for line in self.chat
            if not (line.get("channel") == "game" and line.get("game") == game)
        ]
        self.chat.extend(message.get("lines") or [])

    def _on_joined(self, message: Message) -> None:
        table = message["game"]
        self.seats[table["id"]] = message["seat"]
        self._on_games_changed({"games": [table], "gone": [], "hidden": []})

    def _on_left(self, message: Message) -> None:
        game = message["game"]
        if not message.get("kept_seat"):
            self.seats.pop(game, None)

    def _on_table(self, message: Message) -> None:
        feed = self.games.get(message["game"])
        if feed is not None:
            feed.latest = {**feed.latest, "summary": message["summary"], "names": message["names"]}

    def _on_game(self, message: Message) -> None:
        game = message["game"]
        feed = self.games.get(game)
        events = list(message.get("events") or [])
        if feed is None or message.get("sync"):
            results = len(message["view"].get("results") or [])
            over = message["view"].get("phase") == "over"
            seen = results if feed is None else feed.results_seen
            feed = GameFeed(message, events, results_seen=seen, over_shown=over and feed is None)
            self.games[game] = feed
        else:
            feed.latest = message
            feed.events.extend(events)
        del feed.events[: max(0, len(feed.events) - FEED_KEEP)]
        if message.get("seat") is None:
            self.watching.add(game)
        self.fresh = False

    def unwatch(self, game: int) -> None:
        """Forget a game I stopped watching."""
        self.watching.discard(game)
        if self.seats.get(game) is None:
            self.games.pop(game, None)
