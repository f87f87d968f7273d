"""The lobby: the lists of tables, the high scores and finished games, and the feed of changes."""

from __future__ import annotations

from typing import Any

from saboteur.server.feed import FINISHED_SHOWN, ONLINE_SHOWN, TABLES_SHOWN
from saboteur.server.hub import Client, encode
from saboteur.server.ports import Feed, Shared, Shown
from saboteur.server.store.store import User
from saboteur.server.tables import Table, seated_at


class Lobby:
    """What the lobby shows of ``tables`` and the store; it tells the connections of its
    changes through ``feed`` (whose messages it makes: :meth:`feed_messages`)."""

    def __init__(self, shared: Shared, tables: dict[int, Table], online: Shown, feed: Feed) -> None:
        self.store, self.bus, self.hub = shared.store, shared.bus, shared.hub
        self.names, self.tables, self.online, self.feed = shared.names, tables, online, feed
        self.sent_board: dict[str, Any] = {}  # the high scores and finished games it sent last
        self.window: set[int] = set()  # the tables the lobby's lists showed when last told
        self.counts_told: dict[str, int] = {}  # the numbers of tables last told
        self.board: dict[str, Any] | None = None  # high scores and finished games, cached

    async def lists_message(self, user_id: int | None) -> dict[str, Any]:
        """The lobby for one user: who is online, the tables (the user's own always, the others
        up to ``TABLES_SHOWN`` of each kind), the high scores and the newest finished games."""
        return self.lists(user_id, await self.lobby_board())

    def lists(self, user_id: int | None, board: dict[str, Any]) -> dict[str, Any]:
        """The lobby as it is now, with ``board`` (made without awaiting, so that the lobby
        feed's next changes follow on from it)."""
        names, kinds = self.online.online_names(), self.by_kind()
        return {
            "type": "lists",
            "online": names[:ONLINE_SHOWN],
            "online_count": len(names),
            "games": self._summaries(kinds, user_id, TABLES_SHOWN),
            **table_counts(kinds),
            **board,
        }

    def game_lists(
        self, user_id: int | None = None, shown: int | None = None
    ) -> dict[str, list[dict[str, Any]]]:
        """Summaries of the open and the active tables, by id; with ``shown``, the first
        ``shown`` open ones (waiting longest) and the last ``shown`` active ones (newest), and
        every table of ``user_id``."""
        return self._summaries(self.by_kind(), user_id, shown)

    def _summaries(
        self, kinds: dict[str, list[Table]], user_id: int | None, shown: int | None
    ) -> dict[str, list[dict[str, Any]]]:
        lists: dict[str, list[dict[str, Any]]] = {}
        for kind, tables in kinds.items():
            if shown is not None and len(tables) > shown:
                kept = tables[:shown] if kind == "open" else tables[-shown:]
                mine = seated_at(tables, user_id)
                tables = sorted(set(kept) | set(mine), key=lambda table: table.id)
            lists[kind] = [table.summary(self.names) for table in tables]
        return lists

    def by_kind(self) -> dict[str, list[Table]]:
        """The open and the active tables, each by id."""
        kinds: dict[str, list[Table]] = {"open": [], "active": []}
        tables = self.tables
        for game_id in sorted(tables):  # the ids are the keys: sorted in C, no key function
            table = tables[game_id]
            kinds["open" if table.is_open else "active"].append(table)
        return kinds

    def shown_ids(self, kinds: dict[str, list[Table]]) -> set[int]:
        """The tables the lists show everyone (besides each one's own tables), of ``kinds``
        (what :meth:`by_kind` gave)."""
        shown = [*kinds["open"][:TABLES_SHOWN], *kinds["active"][-TABLES_SHOWN:]]
        return {table.id for table in shown}

    async def finished_games(
        self, limit: int = FINISHED_SHOWN, offset: int = 0, player: str = ""
    ) -> list[dict[str, Any]]:
        """Finished games as the lobby lists them, the newest first: who sat where, each seat's
        ``gold`` and the ``winners`` (seats); ``player`` keeps those a name holding it played."""
        rows = await self.store.finished_games(limit, offset, player)
        ids = {user for row in rows for user in row.seats.values()}
        names = await self.store.user_names(list(ids))
        return [
            {
                "id": row.id,
                "ruleset": row.ruleset,
                "players": row.players,
                "options": row.options,
                "status": row.status,
                "seats": [names.get(row.seats.get(s, -1)) for s in range(row.players)],
                "gold": [row.outcome.get(s, (0, False))[0] for s in range(row.players)],
                "winners": [s for s in range(row.players) if row.outcome.get(s, (0, False))[1]],
                "finished_at": row.finished_at,
            }
            for row in rows
        ]

    async def follow(self, client: Client, user: User, follow: bool) -> None:
        """Start or stop telling this connection of the lobby's changes; a connection that
        starts again gets the lobby as it is now (``lists``)."""
        if follow and not client.follows_lobby:
            board = await self.lobby_board()
            client.push(self.lists(user.id, board))  # no await between these two lines
        client.follows_lobby = follow

    def send_feed(self, message: dict[str, Any]) -> int:
        """The feed goes to the connections showing the lobby only (a game window asks for
        the people online with ``online`` when it wants to whisper)."""
        return self.hub.to_all(message, lobby_only=True)

    def broadcast_lists(self, *game_ids: int) -> None:
        """Tell this node's clients, soon, that these tables changed (or are gone)."""
        self.feed.tables(*game_ids)

    def seats_renamed(self, user_id: int) -> None:
        """The tables where ``user_id`` sits show a new name for them (the lobby soon, their
        game windows at once)."""
        seated = seated_at(self.tables.values(), user_id)
        self.broadcast_lists(*(table.id for table in seated))
        for table in seated:
            self.show_table(table)

    def show_table(self, table: Table) -> None:
        """The viewers of a running game on this node (its seated people and spectators) get
        its summary and seat names at once (``table``): who is away, who was renamed."""
        if table.state is None:
            return
        message = encode(
            {
                "type": "table",
                "game": table.id,
                "names": table.seat_names(self.names),
                "summary": table.summary(self.names),
            }
        )
        for user_id in set(table.row.seats.values()):
            self.hub.to_user(user_id, message)
        for client in table.spectators:
            client.push(message)

    def table_changed(self, table_id: int) -> None:
        """Seats, host or status of a table changed here: this node's lobby and the others."""
        self.broadcast_lists(table_id)
        self.bus.publish({"kind": "table", "game": table_id})

    def highscores_changed(self) -> None:
        """A game finished (here or elsewhere): the board is read again and sent, soon."""
        self.board = None
        self.feed.highscores()

    async def feed_messages(
        self, presence: bool, tables: set[int], highscores: bool
    ) -> list[dict[str, Any]]:
        """The lobby feed's messages for what changed (see ``saboteur.server.feed``)."""
        out: list[dict[str, Any]] = []
        if presence:
            shown = self.online.feed_message()
            if shown is not None:
                out.append(shown)
        if tables:
            changed = self._tables_changed(tables)
            if changed is not None:
                out.append(changed)
        if highscores:
            self.board = None
            message = self._board_changes(await self.lobby_board())
            if message is not None:
                out.append(message)
        return out

    def _tables_changed(self, changed: set[int]) -> dict[str, Any] | None:
        """The lists' changes for everyone: the summaries of the changed tables they show and
        of those now shown that were not, the ids of tables gone (``gone``) and of those no
        longer shown (``hidden``: a client keeps its own).  A changed table outside the lists
        is told only to the connections of the people seated at it (their own table), so that
        what a connection is sent does not grow with the number of tables."""
        kinds = self.by_kind()  # one pass over the tables for the window and the counts
        shown, before, counts = self.shown_ids(kinds), self.window, table_counts(kinds)
        self.window = shown
        gone = {i for i in changed if i not in self.tables}
        told = sorted((changed & shown) | (shown - before))
        for game_id in sorted(changed - shown - gone):
            self._tell_seated(self.tables[game_id], counts)
        hidden = sorted(before - shown - gone)
        if not (told or gone or hidden) and counts == self.counts_told:
            return None  # nothing anyone sees changed
        self.counts_told = counts
        return {
            "type": "games_changed",
            "games": [self.tables[i].summary(self.names) for i in told],
            "gone": sorted(gone),
            "hidden": hidden,
            **counts,
        }

    def _tell_seated(self, table: Table, counts: dict[str, int]) -> None:
        """A table outside the lists changed: its seated people's lobby connections are told
        (with the numbers of tables, ``counts``)."""
        message = {
            "type": "games_changed",
            "games": [table.summary(self.names)],
            "gone": [],
            "hidden": [],
            **counts,
        }
        text: str | None = None
        for user_id in table.row.seats.values():
            for client in self.hub.by_user.get(user_id, ()):
                if client.follows_lobby:
                    text = text or encode(message)
                    client.push(text)

    def _board_changes(self, board: dict[str, Any]) -> dict[str, Any] | None:
        """What changed on the board since the feed last sent it: the high scores (whole, if
        they changed) and the finished games it has not sent yet (``finished_new``)."""
        message: dict[str, Any] = {"type": "highscores"}
        if board["highscores"] != self.sent_board.get("highscores"):
            message["highscores"] = board["highscores"]
        known = {game["id"] for game in self.sent_board.get("finished", [])}
        new = [game for game in board["finished"] if game["id"] not in known]
        if new:
            message["finished_new"] = new
        self.sent_board = board
        return message if len(message) > 1 else None

    async def lobby_board(self) -> dict[str, Any]:
        """The high scores and the newest ``FINISHED_SHOWN`` finished games (kept until a game
        finishes)."""
        if self.board is None:
            self.board = {
                "highscores": await self.store.highscores(),
                "finished": await self.finished_games(),
            }
        return self.board


def table_counts(kinds: dict[str, list[Table]]) -> dict[str, int]:
    """How many tables are open and active (the lists may show fewer), from ``Lobby.by_kind``."""
    return {"open_count": len(kinds["open"]), "active_count": len(kinds["active"])}
