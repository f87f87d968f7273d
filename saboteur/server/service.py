"""The lobby and the tables: every inbound message is handled here.

Data flows one way: a validated message → the engine checks and applies it on a
copy → the action is appended to the store → only then is anyone told.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import secrets
import time
from collections import deque
from typing import Any

from saboteur.engine import IllegalAction, NotationError, OptionError, new_game
from saboteur.engine.messages import Message, named, render
from saboteur.server import protocol as P
from saboteur.server import sync, timers
from saboteur.server.botkinds import bot_seats
from saboteur.server.bus import Bus, LocalBus
from saboteur.server.cluster import HEARTBEAT, Nodes
from saboteur.server.coalesce import Coalescer
from saboteur.server.feed import ONLINE_SHOWN, TABLES_SHOWN, LobbyFeed
from saboteur.server.hub import Client, Hub, encode
from saboteur.server.names import check_name
from saboteur.server.protocol import ProtocolError, error
from saboteur.server.store.store import (
    ACTIVE,
    OPEN,
    NameTaken,
    SeatTaken,
    SeqConflict,
    Store,
    User,
)
from saboteur.server.tables import ANNOUNCED, Table

log = logging.getLogger("saboteur.server")

CHAT_BURST, CHAT_WINDOW = 5, 5.0  # at most 5 chat lines per 5 seconds per user
MESSAGE_BURST, MESSAGE_WINDOW = 60, 1.0  # at most 60 messages a second per connection
BOT_DELAY = 0.7  # seconds a bot waits before it moves, so people can follow
ABSENCE_TIMEOUT = 60.0  # seconds a seated player may be gone before a bot plays for them
CHAT_SEEN = 10_000  # stored chat lines a node remembers having pushed (to not push one twice)


class RateLimit:
    """At most ``burst`` events per sliding ``window`` seconds."""

    def __init__(self, burst: int, window: float) -> None:
        self.burst, self.window = burst, window
        self.times: deque[float] = deque()

    def allow(self) -> bool:
        now = time.monotonic()
        while self.times and now - self.times[0] > self.window:
            self.times.popleft()
        if len(self.times) >= self.burst:
            return False
        self.times.append(now)
        return True


class Service:
    """The server's whole behaviour, independent of the web framework."""

    def __init__(
        self,
        store: Store,
        bot_delay: float = BOT_DELAY,
        absence_timeout: float = ABSENCE_TIMEOUT,
        bus: Bus | None = None,
    ) -> None:
        self.store = store
        self.bus: Bus = bus if bus is not None else LocalBus()
        self.nodes = Nodes(self.bus.node)
        self.heartbeat_task: asyncio.Task[None] | None = None
        self.users_version = 0  # changes of who is online here (told to the other nodes) …
        self.announced_version = 0  # … and the last one told
        self.shown_presence: dict[str, Any] = {}  # the presence the feed sent last
        self.sent_board: dict[str, Any] = {}  # the high scores and finished games it sent last
        self.board: dict[str, Any] | None = None  # high scores and finished games, cached
        self.chat_seen: deque[int] = deque(maxlen=CHAT_SEEN)  # stored lines pushed here lately
        self.chat_mark = 0  # the newest stored line heard of from another node
        self.bot_delay = bot_delay
        self.absence_timeout = absence_timeout
        self.absence_tasks: set[asyncio.Task[None]] = set()
        self.hub = Hub()
        self._online: tuple[tuple[int, int], list[str]] = ((-1, -1), [])
        self._global_chat: list[dict[str, Any]] | None = None  # the last lines, as sent
        self._chat_version = 0  # counts global lines said (here or elsewhere) and renames
        self.feed = LobbyFeed(self.feed_messages, self.send_feed)
        self.tables: dict[int, Table] = {}
        self.refreshes = Coalescer()  # reads of games from the store, by game
        self.names: dict[int, str] = {}  # user id -> nickname, for everyone seated or online
        self.chat_limits: dict[int, RateLimit] = {}
        self.message_limits: dict[Client, RateLimit] = {}

    # -- start and stop ----------------------------------------------------------------------

    async def load(self) -> None:
        """Join the other nodes (if any), then bring back every open and active game,
        replaying the active ones' records."""
        if self.bus.clustered:
            self.chat_mark = await self.store.last_chat_id()
            await self.bus.start(
                functools.partial(sync.on_bus, self), functools.partial(sync.resync, self)
            )
            self.heartbeat_task = asyncio.get_running_loop().create_task(sync.heartbeats(self))
            await asyncio.sleep(HEARTBEAT * 1.5)  # hear the live nodes before taking on games
        for row in await self.store.load_games((OPEN, ACTIVE)):
            try:
                table = Table.from_row(row)
            except (IllegalAction, NotationError, OptionError) as err:
                log.error("game %s cannot be replayed and stays stopped: %s", row.id, err)
                continue
            self.tables[row.id] = table
            sync.learn_names(self, row)
            table.bots = row.seat_bots()
            if table.state is not None and table.state.is_over:  # stopped before its results
                await self._finish(table)
                continue
            timers.arm_clock(self, table)
            timers.arm_bot(self, table)
            if table.state is not None and self.nodes.owns(table.id):  # nobody is back yet
                for user_id in {u for s, u in row.seats.items() if s not in table.bots}:
                    timers.watch_absence(self, table, user_id)

    async def close(self) -> None:
        await self.feed.close()
        if self.heartbeat_task is not None:
            self.heartbeat_task.cancel()
            self.bus.publish({"kind": "node-gone"})
        await self.bus.close()
        for table in self.tables.values():
            if table.clock_task is not None:
                table.clock_task.cancel()
            for task in table.bot_tasks:
                task.cancel()
        for task in self.absence_tasks:
            task.cancel()
        for client in list(self.hub.clients):
            await client.stop()

    # -- connections -------------------------------------------------------------------------

    def connect(self, client: Client) -> None:
        self.hub.add(client)
        self.message_limits[client] = RateLimit(MESSAGE_BURST, MESSAGE_WINDOW)

    async def disconnect(self, client: Client) -> None:
        self.message_limits.pop(client, None)
        for game_id in client.watching:
            table = self.tables.get(game_id)
            if table is not None:
                table.spectators.discard(client)
        if self.hub.remove(client):
            self._presence_changed()
            assert client.user is not None
            for table in list(self.tables.values()):
                if table.state is not None and table.seat_of(client.user.id) is not None:
                    timers.watch_absence(self, table, client.user.id)
        await client.stop()

    async def handle(self, client: Client, text: str | bytes) -> None:
        """One inbound frame: validated, dispatched; every failure becomes an error reply."""
        ref = None
        try:
            if not self.message_limits[client].allow():
                raise ProtocolError("rate-limited", "too many messages: slow down")
            message = P.parse_message(text)
            ref = message.id
            if client.user is None and not isinstance(message, P.Hello):
                raise ProtocolError("hello-first", "say hello first (with a name or a token)")
            await self._dispatch(client, message)
        except ProtocolError as err:
            client.push(error(err.code, err.message, ref))
        except IllegalAction as err:
            client.push(error("illegal", err.message, ref, rule=err.rule))
        except Exception:  # a bug or a store failure: say so, keep the connection
            log.exception("message failed")
            client.push(error("internal", "the server could not handle that message", ref))

    async def _dispatch(self, client: Client, message: P.Inbound) -> None:
        if isinstance(message, P.Hello):
            await self._hello(client, message)
            return
        user = client.user
        assert user is not None
        if isinstance(message, P.Ping):
            client.push({"type": "pong", "ref": message.id})
        elif isinstance(message, P.Rename):
            await self._rename(client, user, message)
        elif isinstance(message, P.Chat):
            await self._chat(client, user, message)
        elif isinstance(message, P.Lists):
            client.push(await self.lists_message(user.id))
        elif isinstance(message, P.Lobby):
            await self._follow_lobby(client, user, message.follow)
        elif isinstance(message, P.NewGame):
            await self._new_game(client, user, message)
        elif isinstance(message, P.Act):
            await self._act(user, message)
        else:
            table = await self._table(message.game)
            if isinstance(message, P.Join):
                await self._join(client, user, table)
            elif isinstance(message, P.Leave):
                await self._leave(client, user, table)
            elif isinstance(message, P.Start):
                await self._start(user, table)
            elif isinstance(message, P.Watch):
                await self._watch(client, table)
            elif isinstance(message, P.Unwatch):
                table.spectators.discard(client)
                client.watching.discard(table.id)

    # -- identity ----------------------------------------------------------------------------

    async def _hello(self, client: Client, message: P.Hello) -> None:
        if client.user is not None:
            raise ProtocolError("already-hello", "this connection has said hello already")
        token = message.token
        user = await self.store.user_by_token(token) if token else None
        fresh = user is None  # a new user: nobody has whispered to them yet
        if user is None:
            if token and not message.name:
                raise ProtocolError("bad-token", "unknown session token: say hello with a name")
            user, token = await self._new_user(message.name or "")
        assert token is not None
        self.names[user.id] = user.name
        whispers = [] if fresh else [line.to_json() for line in await self.store.whispers(user.id)]
        board = await self.lobby_board()  # kept between finished games: no wait, mostly
        chat = await self.global_chat()  # kept between lines said: no wait, mostly
        # no await from here to the welcome: the feed goes on from the lists it holds
        came_online = self.hub.login(client, user)
        welcome = {
            **self._lists(user.id, board),
            "type": "welcome",
            "user": {"id": user.id, "name": user.name},
            "token": token,
            "chat": chat,
            "whispers": whispers,
        }
        client.push(welcome)
        if came_online:
            self._presence_changed()
        for table in list(self.tables.values()):  # back to every seat this user holds
            seat = table.seat_of(user.id)
            if seat is not None:
                await self._join(client, user, table)  # takes the seat back from a bot at once

    async def _new_user(self, wanted: str) -> tuple[User, str]:
        try:
            name = check_name(wanted)
        except ValueError as err:
            raise ProtocolError("bad-name", str(err)) from None
        base, suffix = name, 1
        while True:
            try:
                return await self.store.create_user(name)
            except NameTaken:
                suffix += 1
                name = f"{base[: 20 - len(str(suffix)) - 1]}-{suffix}"

    async def _new_bot_user(self, spec: str, seat: int) -> User:
        base = f"Bot {spec.partition(':')[0].capitalize()} {seat + 1}"
        name, suffix = base, 1
        while True:
            try:
                user, _token = await self.store.create_user(name, bot=spec)
                return user
            except NameTaken:
                suffix += 1
                name = f"{base}-{suffix}"

    async def _rename(self, client: Client, user: User, message: P.Rename) -> None:
        try:
            name = check_name(message.name)
        except ValueError as err:
            raise ProtocolError("bad-name", str(err)) from None
        if name == user.name:
            return
        try:
            await self.store.rename(user.id, name)
        except NameTaken:
            raise ProtocolError("name-taken", f"the nickname {name!r} is taken") from None
        self.bus.publish({"kind": "user", "id": user.id, "name": name})
        self.renamed(user.id, name)
        sync.users_changed(self)

    def renamed(self, user_id: int, name: str) -> None:
        self.names[user_id] = name
        self._forget_global_chat()  # the lines name their senders as they are called now
        self.hub.rename(user_id, name)
        self.hub.to_user(user_id, {"type": "user", "user": {"id": user_id, "name": name}})
        self.broadcast_presence()
        seated = [t.id for t in self.tables.values() if t.seat_of(user_id) is not None]
        self.broadcast_lists(*seated)

    def broadcast_presence(self) -> None:
        """Tell this node's clients who is online (on any node), soon."""
        self.feed.presence()

    def _presence_changed(self) -> None:
        self.broadcast_presence()
        sync.users_changed(self)

    def online_names(self) -> list[str]:
        """Everyone online, on this node or another, sorted regardless of case (kept until
        someone comes, goes or is renamed: a crowd saying hello does not sort it each time)."""
        key = (self.hub.version, self.nodes.version)
        if self._online[0] != key:
            names = {**self.nodes.remote_users(), **self.hub.names}
            self._online = (key, sorted(names.values(), key=str.casefold))
        return self._online[1]

    def is_online(self, user_id: int) -> bool:
        return self.hub.online(user_id) or user_id in self.nodes.remote_users()

    # -- chat --------------------------------------------------------------------------------

    async def global_chat(self) -> list[dict[str, Any]]:
        """The last global chat lines, read once and kept until a line is said or someone is
        renamed (every welcome carries them: a crowd saying hello asks the database once)."""
        if self._global_chat is not None:
            return self._global_chat
        version = self._chat_version
        lines = [line.to_json() for line in await self.store.global_chat()]
        if version == self._chat_version:  # nothing was said meanwhile
            self._global_chat = lines
        return lines

    def _forget_global_chat(self) -> None:
        self._chat_version += 1
        self._global_chat = None

    def tell_global(self, line: dict[str, Any]) -> None:
        """A global chat line (said here or on another node) to everyone connected here."""
        self._forget_global_chat()
        self.hub.to_all(line)

    async def _chat(self, client: Client, user: User, message: P.Chat) -> None:
        text = message.text.strip()
        if not text:
            raise ProtocolError("empty", "an empty chat line is not sent")
        limit = self.chat_limits.setdefault(user.id, RateLimit(CHAT_BURST, CHAT_WINDOW))
        if not limit.allow():
            raise ProtocolError("rate-limited", f"at most {CHAT_BURST} lines per {CHAT_WINDOW:g} s")
        if message.channel == "global":
            chat_id = await self.store.add_chat("global", text, sender_id=user.id)
            line = _stamp({"type": "chat", "channel": "global", "from": user.name, "text": text})
            self.tell_global(line)
            self._share_chat({"kind": "chat-global", "line": line}, chat_id)
        elif message.channel == "whisper":
            target = self._online_user(message.to)
            chat_id = await self.store.add_chat(
                "whisper", text, sender_id=user.id, recipient_id=target
            )
            line = _stamp(
                {
                    "type": "chat",
                    "channel": "whisper",
                    "from": user.name,
                    "to": self.names[target],
                    "text": text,
                }
            )
            self.whisper(line, target, user.id)
            self._share_chat(
                {"kind": "whisper", "line": line, "to": target, "from": user.id}, chat_id
            )
        else:
            if message.game is None:
                raise ProtocolError("invalid", "chat: game: in-game chat names its game")
            table = await self._table(message.game)
            if table.seat_of(user.id) is None and client not in table.spectators:
                raise ProtocolError("not-at-table", "join or watch the game to chat there")
            chat_id = await self.store.add_chat("game", text, sender_id=user.id, game_id=table.id)
            line = _stamp(
                {
                    "type": "chat",
                    "channel": "game",
                    "game": table.id,
                    "from": user.name,
                    "text": text,
                }
            )
            self.to_table(table, line)
            self._share_chat({"kind": "chat-game", "game": table.id, "line": line}, chat_id)

    def _share_chat(self, message: dict[str, Any], chat_id: int | None) -> None:
        """Tell the other nodes of a chat line (stored as ``chat_id``) pushed here."""
        if self.bus.clustered:
            if chat_id is not None:
                self.chat_seen.append(chat_id)
            self.bus.publish({**message, "chat_id": chat_id})

    def heard_chat(self, chat_id: Any) -> bool:
        """Note a stored line another node pushed; False if it was pushed here already."""
        if not isinstance(chat_id, int):
            return True
        self.chat_mark = max(self.chat_mark, chat_id)
        if chat_id in self.chat_seen:
            return False
        self.chat_seen.append(chat_id)
        return True

    def whisper(self, line: dict[str, Any], target: int, sender: int) -> None:
        self.hub.to_user(target, line)
        if target != sender:
            self.hub.to_user(sender, line)

    def _online_user(self, name: str | None) -> int:
        if not name:
            raise ProtocolError("invalid", "chat: to: a whisper names its receiver")
        key = name.casefold()
        for user_id in self.hub.by_user:
            if self.names.get(user_id, "").casefold() == key:
                return user_id
        for user_id, remote_name in self.nodes.remote_users().items():
            if remote_name.casefold() == key:
                self.names[user_id] = remote_name
                return user_id
        raise ProtocolError("no-such-user", f"nobody called {name!r} is online")

    async def announce(
        self, table: Table, text: str, store: bool, share: bool = False, said: Message | None = None
    ) -> None:
        """A server line in the game's chat (turns are not stored, results are); ``share``
        tells the other nodes' viewers too (lines every node makes itself are not shared)."""
        chat_id = await self.store.add_chat("game", text, game_id=table.id) if store else None
        line = _stamp(
            {"type": "chat", "channel": "game", "game": table.id, "from": None, "text": text}
            | ({"message": said.to_json()} if said else {})
        )
        self.to_table(table, line)
        if share:
            self._share_chat({"kind": "chat-game", "game": table.id, "line": line}, chat_id)

    # -- lobby lists -------------------------------------------------------------------------

    async def lists_message(self, user_id: int | None) -> dict[str, Any]:
        """The lobby for one user: who is online, the tables (the user's own always, the others
        up to ``TABLES_SHOWN`` of each kind), the high scores and the finished games."""
        return self._lists(user_id, await self.lobby_board())

    def _lists(self, user_id: int | None, board: dict[str, Any]) -> dict[str, Any]:
        """The lobby as it is now, with ``board`` (made without awaiting, so that the lobby
        feed's next changes follow on from it)."""
        names = self.online_names()
        return {
            "type": "lists",
            "online": names[:ONLINE_SHOWN],
            "online_count": len(names),
            "games": self.game_lists(user_id, TABLES_SHOWN),
            **self.table_counts(),
            **board,
        }

    def game_lists(
        self, user_id: int | None = None, shown: int | None = None
    ) -> dict[str, list[dict[str, Any]]]:
        """Summaries of the open and the active tables, by id; with ``shown``, the first
        ``shown`` open ones (waiting longest) and the last ``shown`` active ones (newest), and
        every table of ``user_id``."""
        kinds: dict[str, list[Table]] = {"open": [], "active": []}
        for table in self.tables.values():
            kinds["open" if table.is_open else "active"].append(table)
        lists: dict[str, list[dict[str, Any]]] = {}
        for kind, tables in kinds.items():
            tables.sort(key=lambda table: table.id)
            if shown is not None and len(tables) > shown:
                kept = tables[:shown] if kind == "open" else tables[-shown:]
                mine = [t for t in tables if user_id is not None and t.seat_of(user_id) is not None]
                tables = sorted(set(kept) | set(mine), key=lambda table: table.id)
            lists[kind] = [table.summary(self.names) for table in tables]
        return lists

    def table_counts(self) -> dict[str, int]:
        """How many tables are open and active (the lists may show fewer)."""
        waiting = sum(table.is_open for table in self.tables.values())
        return {"open_count": waiting, "active_count": len(self.tables) - waiting}

    async def finished_games(self, limit: int = 50) -> list[dict[str, Any]]:
        rows = await self.store.finished_games(limit)
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
                "finished_at": row.finished_at,
            }
            for row in rows
        ]

    async def _follow_lobby(self, client: Client, user: User, follow: bool) -> None:
        """Start or stop telling this connection of the lobby's changes; a connection that
        starts again gets the lobby as it is now (``lists``)."""
        if follow and not client.follows_lobby:
            board = await self.lobby_board()
            client.push(self._lists(user.id, board))  # no await between these two lines
        client.follows_lobby = follow

    def send_feed(self, message: dict[str, Any]) -> int:
        """Who is online goes to everyone (the game window's chat offers whispers to them);
        the tables and the high scores only to the connections showing the lobby."""
        return self.hub.to_all(message, lobby_only=message["type"] != "presence")

    def broadcast_lists(self, *game_ids: int) -> None:
        """Tell this node's clients, soon, that these tables changed (or are gone)."""
        self.feed.tables(*game_ids)

    async def feed_messages(
        self, presence: bool, tables: set[int], highscores: bool
    ) -> list[dict[str, Any]]:
        """The lobby feed's messages for what changed (see ``saboteur.server.feed``)."""
        out: list[dict[str, Any]] = []
        if presence:
            online = self.online_names()
            shown = {"type": "presence", "online": online[:ONLINE_SHOWN], "count": len(online)}
            if shown != self.shown_presence:
                self.shown_presence = shown
                out.append(shown)
        if tables:
            present = [self.tables[i] for i in sorted(tables) if i in self.tables]
            out.append(
                {
                    "type": "games_changed",
                    "games": [table.summary(self.names) for table in present],
                    "gone": sorted(tables - {table.id for table in present}),
                    **self.table_counts(),
                }
            )
        if highscores:
            self.board = None
            message = self._board_changes(await self.lobby_board())
            if message is not None:
                out.append(message)
        return out

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
        """The high scores and the latest finished games (kept until a game finishes)."""
        if self.board is None:
            self.board = {
                "highscores": await self.store.highscores(),
                "finished": await self.finished_games(),
            }
        return self.board

    def _table_changed(self, table_id: int) -> None:
        """Seats, host or status of a table changed here: this node's lobby and the others."""
        self.broadcast_lists(table_id)
        self.bus.publish({"kind": "table", "game": table_id})

    # -- tables ------------------------------------------------------------------------------

    async def _table(self, game_id: int) -> Table:
        table = self.tables.get(game_id)
        if table is None and self.bus.clustered and 0 < game_id < 2**31:
            await sync.refresh(self, game_id)  # made on another node a moment ago?
            table = self.tables.get(game_id)
        if table is None:
            raise ProtocolError("no-such-game", f"there is no open or active game {game_id}")
        return table

    async def _new_game(self, client: Client, user: User, message: P.NewGame) -> None:
        options = {
            key: str(value).lower() if isinstance(value, bool) else value
            for key, value in message.options.items()
        }
        try:
            game = new_game(message.ruleset, message.players, options)
        except OptionError as err:
            raise ProtocolError("bad-options", str(err)) from None
        bots = bot_seats(message.bots, game.players, game.ruleset)
        row = await self.store.create_game(
            game.ruleset, game.players, dict(game.options), user.id, message.clock
        )
        table = Table(row, game)
        for seat, spec in bots.items():  # each bot seat gets a user of its own
            bot_user = await self._new_bot_user(spec, seat)
            await self.store.take_seat(row.id, seat, bot_user.id)
            row.seats[seat] = bot_user.id
            table.bots[seat] = spec
            self.names[bot_user.id] = bot_user.name
        self.tables[row.id] = table
        client.push({"type": "joined", "game": table.summary(self.names), "seat": 0})
        self._table_changed(table.id)
        client.push({"type": "chat_history", "game": table.id, "lines": []})  # a new table

    async def _join(self, client: Client, user: User, table: Table) -> None:
        seat = table.seat_of(user.id)
        if seat is not None:  # already seated: (re)subscribe and sync
            if seat in table.away:
                await timers.set_away(self, table, seat, None)
            client.push({"type": "joined", "game": table.summary(self.names), "seat": seat})
            if table.state is not None:
                await self._sync(client, table)
            else:
                await self._send_game_chat(client, table)
            return
        async with table.lock:  # checked under the lock: joins, leaves and starts may race
            if self.tables.get(table.id) is not table:
                raise ProtocolError("no-such-game", f"there is no open or active game {table.id}")
            if not table.is_open:
                raise ProtocolError("not-open", f"game {table.id} has started: watch it instead")
            if table.seat_of(user.id) is not None:
                raise ProtocolError("already-seated", f"you hold a seat in game {table.id}")
            seat = await self._take_free_seat(table, user)
        client.push({"type": "joined", "game": table.summary(self.names), "seat": seat})
        await self._send_game_chat(client, table)
        self._table_changed(table.id)

    async def _take_free_seat(self, table: Table, user: User) -> int:
        """Seat ``user`` in the first free seat; on a race with another node, look again."""
        for attempt in range(3):
            seat = table.free_seat()
            if seat is None and self.bus.clustered and attempt == 0:
                await sync.reload_row(self, table)  # a seat left on another node a moment ago?
                seat = table.free_seat()
            if seat is None:
                raise ProtocolError("game-full", f"game {table.id} has no free seat")
            try:
                await self.store.take_seat(table.id, seat, user.id)
            except SeatTaken:
                await sync.reload_row(self, table)
                continue
            table.row.seats[seat] = user.id
            return seat
        raise ProtocolError("conflict", f"game {table.id} is busy: try again")

    async def _leave(self, client: Client, user: User, table: Table) -> None:
        if table.seat_of(user.id) is None:
            table.spectators.discard(client)
            client.watching.discard(table.id)
            raise ProtocolError("not-seated", f"you hold no seat in game {table.id}")
        if not table.is_open:
            # a running game keeps the seat for the player to come back to; a bot plays meanwhile
            seat = table.seat_of(user.id)
            if seat is not None and seat not in table.bots and table.state is not None:
                line = f"{user.name} left: a bot plays for them."
                await timers.set_away(self, table, seat, line)
            client.push({"type": "left", "game": table.id, "kept_seat": True})
            return
        async with table.lock:
            if self.tables.get(table.id) is not table or table.seat_of(user.id) is None:
                raise ProtocolError("not-seated", f"you hold no seat in game {table.id}")
            others = [  # people only: a bot never hosts; a table of bots alone is gone
                u
                for s, u in sorted(table.row.seats.items())
                if u != user.id and s not in table.bots
            ]
            new_host = (
                table.row.host_id
                if table.row.host_id != user.id
                else (others[0] if others else None)
            )
            await self.store.leave_seat(table.id, user.id, new_host)
            table.row.seats = {s: u for s, u in table.row.seats.items() if u != user.id}
            if new_host is None:
                del self.tables[table.id]
            else:
                table.row.host_id = new_host
        client.push({"type": "left", "game": table.id, "kept_seat": False})
        self._table_changed(table.id)

    async def _start(self, user: User, table: Table) -> None:
        async with table.lock:
            if self.tables.get(table.id) is not table:
                raise ProtocolError("no-such-game", f"there is no open or active game {table.id}")
            if not table.is_open:
                raise ProtocolError("not-open", f"game {table.id} has started already")
            if self.bus.clustered:  # seats taken or left on other nodes a moment ago count too
                await sync.reload_row(self, table)
            if table.row.host_id != user.id:
                raise ProtocolError("not-host", "only the host starts the game")
            if len(table.row.seats) < table.row.players:
                raise ProtocolError(
                    "not-full", f"{len(table.row.seats)} of {table.row.players} seats are taken"
                )
            seed = secrets.randbits(62)
            started_at = await self.store.start_game(table.id, seed, dict(table.row.seats))
            if started_at is None:  # another node started it: its state arrives over the bus
                raise ProtocolError("not-open", f"game {table.id} has started already")
            table.row.started_at = started_at
            table.row.seed = seed
            table.row.status = ACTIVE
            table.state = table.game.new_state(seed)
            table.pushed = 0
            await self.after_change(table)
            for seat, user_id in table.row.seats.items():  # seated, but gone since they sat down
                if seat not in table.bots and not self.is_online(user_id):
                    timers.watch_absence(self, table, user_id)
        self._table_changed(table.id)

    async def _watch(self, client: Client, table: Table) -> None:
        if table.state is None:
            raise ProtocolError("not-started", f"game {table.id} has not started yet")
        assert client.user is not None
        if table.seat_of(client.user.id) is None:  # a seated player keeps their own view
            table.spectators.add(client)
            client.watching.add(table.id)
        await self._sync(client, table)

    async def _act(self, user: User, message: P.Act) -> None:
        table = await self._table(message.game)
        seat = table.seat_of(user.id)
        if seat is None:
            raise ProtocolError("not-seated", f"you hold no seat in game {table.id}")
        await self.play(table, seat, message.action, "player", message.seq)

    async def play(
        self, table: Table, seat: int, text: str, actor: str, expected_seq: int | None = None
    ) -> None:
        """Check an action with the engine, store it, then tell everyone (on every node)."""
        for _attempt in range(3):
            try:
                await self._play_once(table, seat, text, actor, expected_seq)
                return
            except SeqConflict:  # another node appended first: catch up, then judge again
                await sync.refresh(self, table.id)
        raise ProtocolError("conflict", "the game moved on meanwhile: resync")

    async def _play_once(
        self, table: Table, seat: int, text: str, actor: str, expected_seq: int | None
    ) -> None:
        async with table.lock:
            if self.tables.get(table.id) is not table:
                raise ProtocolError("no-such-game", f"game {table.id} is over")
            state = table.state
            if state is None:
                raise ProtocolError("not-started", f"game {table.id} has not started yet")
            if state.is_over:
                raise IllegalAction("game.over", "the game is over")
            if expected_seq is not None and expected_seq != table.seq:
                raise ProtocolError(
                    "stale", f"the game is at action {table.seq}, not {expected_seq}: resync"
                )
            if state.current_player != seat:
                raise IllegalAction(
                    "turn", f"it is seat {state.current_player}'s turn, not seat {seat}'s"
                )
            try:
                action = table.game.parse_action(text)
            except NotationError as err:
                raise ProtocolError("bad-action", str(err)) from None
            trial = None  # a listed legal action is applied in place once stored (no copy)
            if action not in state.legal_actions():  # the engine judges (and names the rule)
                trial = state.clone()
                trial.apply(action, player=seat)
            seq = table.seq
            await self.store.append_action(table.id, seq, text, actor)  # SeqConflict: retried
            if trial is None:
                state.apply(action, player=seat)
            else:
                table.state = trial
            self.bus.publish(
                {"kind": "action", "game": table.id, "seq": seq, "action": text, "seat": seat}
            )
            await self.after_change(table)

    async def after_change(self, table: Table, origin: bool = True) -> None:
        """Push views and new events to this node's viewers, announce turns and results (stored
        by the ``origin`` node, the one that appended), finish the game if over."""
        state = table.state
        assert state is not None
        new_events = state.events[table.pushed :]
        table.pushed = len(state.events)
        names = table.seat_names(self.names)
        local = {s: u for s, u in table.row.seats.items() if self.hub.online(u)}  # on this node
        summary = table.summary(self.names) if local or table.spectators else {}
        for seat, user_id in local.items():  # views are made only for viewers connected here
            self.hub.to_user(user_id, encode(table.game_message(seat, names, new_events, summary)))
        if table.spectators:
            public = encode(table.game_message(None, names, new_events, summary))
            for client in table.spectators:
                client.push(public)
        for event in new_events:
            if event.kind in ANNOUNCED:
                said = named(table.game.message(event), names)
                await self.announce(table, render(said), store=origin, said=said)
        if state.is_over:
            await self._finish(table)
            return
        current = state.current_player
        assert current is not None
        turn = Message("server.turn", {"player": names[current]})
        await self.announce(table, render(turn), store=False, said=turn)
        timers.arm_clock(self, table)
        timers.arm_bot(self, table)

    async def _finish(self, table: Table) -> None:
        state = table.state
        assert state is not None
        if table.clock_task is not None:
            table.clock_task.cancel()
        for task in table.bot_tasks - {asyncio.current_task()}:  # a bot's move may end it
            task.cancel()
        scores, winners = state.scores, set(state.winners)
        rows = [(s, table.row.seats[s], scores[s], s in winners) for s in range(table.row.players)]
        self.tables.pop(table.id, None)
        self.broadcast_lists(table.id)
        if await self.store.finish_game(table.id, rows):  # once, by whichever node is first
            self.bus.publish({"kind": "highscores"})
            self.board = None
            self.feed.highscores()

    async def _sync(self, client: Client, table: Table) -> None:
        """Send a (re)connecting viewer the current view, with a recent event feed."""
        if table.state is None or client.user is None:
            return
        seat = table.seat_of(client.user.id)
        names = table.seat_names(self.names)
        events = table.recent_events(seat)
        message = table.game_message(seat, names, events, table.summary(self.names))
        client.push({**message, "sync": True})  # its events are a recent feed, not new ones
        await self._send_game_chat(client, table)

    async def _send_game_chat(self, client: Client, table: Table) -> None:
        lines = await self.store.game_chat(table.id) if table.row.has_chat else []
        client.push(
            {"type": "chat_history", "game": table.id, "lines": table.history(lines, self.names)}
        )

    def to_table(self, table: Table, message: dict[str, Any]) -> None:
        """A chat line at the table (said here or elsewhere): from now on a join reads the
        table's chat (a turn's line is not stored, but telling lines apart is not worth it)."""
        table.row.has_chat = True
        text = encode(message)
        for user_id in table.row.seats.values():
            self.hub.to_user(user_id, text)
        for client in table.spectators:
            client.push(text)


def _stamp(message: dict[str, Any]) -> dict[str, Any]:
    from datetime import UTC, datetime

    message["at"] = datetime.now(UTC).isoformat(timespec="seconds")
    return message
