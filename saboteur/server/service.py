"""The server's behaviour, independent of the web framework: a facade over its parts.

Each concern is a part in a module of its own, owning its state: :mod:`identity` (hello,
users, names), :mod:`presence` (who is online), :mod:`chat`, :mod:`lobby` (lists, the feed,
the board), :mod:`seats` (tables, seats, watching, absent players), :mod:`play` (moves, views,
the timers) and :mod:`games` (this node's copy of the games); :mod:`sync` keeps them in step
with the other nodes.  The parts talk through the small interfaces of :mod:`ports`; this
module makes them, wires them together, and hands each inbound message to its part.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from typing import Any

from saboteur.engine import IllegalAction, NotationError, OptionError
from saboteur.server import protocol as P
from saboteur.server.accounts import Logins
from saboteur.server.bus import Bus, LocalBus
from saboteur.server.chat import Chat
from saboteur.server.cluster import Nodes
from saboteur.server.feed import FINISHED_SHOWN, LobbyFeed
from saboteur.server.games import Games
from saboteur.server.hub import Client, Hub
from saboteur.server.identity import Identity
from saboteur.server.limits import AbuseLimits, Guards, RateLimit
from saboteur.server.lobby import Lobby
from saboteur.server.play import Play
from saboteur.server.ports import Shared
from saboteur.server.presence import Presence
from saboteur.server.protocol import ProtocolError, error
from saboteur.server.seats import Seats
from saboteur.server.settings import ABSENCE_TIMEOUT, BOT_DELAY, AccountPolicy
from saboteur.server.store.access import StoreBusy
from saboteur.server.store.store import ACTIVE, OPEN, Store
from saboteur.server.sync import Sync
from saboteur.server.tables import Table

log = logging.getLogger("saboteur.server")


class BusyLog:
    """Logs an overloaded database once per ``every`` seconds, with how often it happened
    meanwhile (an overload refuses many messages at once: one line each would flood the log)."""

    def __init__(self, every: float = 10.0) -> None:
        self.every, self.count, self.logged_at = every, 0, -math.inf

    def happened(self, err: Exception) -> None:
        self.count += 1
        now = time.monotonic()
        if now - self.logged_at >= self.every:
            note = "database busy, %d message(s) refused since the last note: %s"
            log.warning(note, self.count, err)
            self.count, self.logged_at = 0, now


MESSAGE_BURST, MESSAGE_WINDOW = 60, 1.0  # at most 60 messages a second per connection


class Service:
    """The server's whole behaviour: connections in, messages dispatched to the parts."""

    def __init__(
        self,
        store: Store,
        bot_delay: float = BOT_DELAY,
        absence_timeout: float = ABSENCE_TIMEOUT,
        bus: Bus | None = None,
        abuse_limits: AbuseLimits | None = None,
        account_policy: AccountPolicy | None = None,
    ) -> None:
        self.store = store
        self.bus: Bus = bus if bus is not None else LocalBus()
        self.nodes = Nodes(self.bus.node)
        self.hub = Hub()
        self.names: dict[int, str] = {}  # user id -> nickname, for everyone seated or online
        self.message_limits: dict[Client, RateLimit] = {}
        self.watchdog: asyncio.Task[None] | None = None  # drops connections stuck in a send
        self.sweeper: asyncio.Task[None] | None = None  # gives back long-gone guests' names
        self.busy = BusyLog()
        policy = account_policy or AccountPolicy()
        shared = Shared(
            store, self.bus, self.hub, self.names, Guards(abuse_limits or AbuseLimits())
        )
        # the feed and the games call back into parts made after them: through this facade
        self.feed = LobbyFeed(self._feed_messages, self._send_feed)
        self.games = Games(shared, self.feed, self._show_change)
        self.tables: dict[int, Table] = self.games.tables
        self.presence = Presence(self.hub, self.nodes, self.feed)
        self.lobby = Lobby(shared, self.tables, self.presence, self.feed)
        self.chat = Chat(shared, self.presence, self.games)
        self.identity = Identity(shared, self.presence, self.lobby, self.chat, policy.session_ttl)
        self.logins = Logins(shared, self.presence, self.lobby, self.identity, self._detach, policy)
        self.play = Play(shared, self.games, self.lobby, self.chat, self.nodes, bot_delay)
        timers = self.play.timers
        self.seats = Seats(
            shared,
            self.games,
            self.presence,
            self.lobby,
            self.chat,
            self.play,
            timers,
            self.identity,
            absence_timeout,
        )
        self.sync = Sync(
            shared,
            self.nodes,
            self.games,
            self.presence,
            self.chat,
            self.lobby,
            self.seats,
            self.play,
            timers,
            self.identity,
            self.logins,
        )

    # -- wiring ------------------------------------------------------------------------------

    async def _feed_messages(
        self, presence: bool, tables: set[int], highscores: bool
    ) -> list[dict[str, Any]]:
        return await self.lobby.feed_messages(presence, tables, highscores)

    def _send_feed(self, message: dict[str, Any]) -> int:
        return self.lobby.send_feed(message)

    async def _show_change(self, table: Table, origin: bool) -> None:
        await self.play.after_change(table, origin)

    @property
    def bot_delay(self) -> float:
        return self.play.timers.bot_delay

    @bot_delay.setter
    def bot_delay(self, seconds: float) -> None:
        self.play.timers.bot_delay = seconds

    @property
    def absence_timeout(self) -> float:
        return self.seats.absence_timeout

    @absence_timeout.setter
    def absence_timeout(self, seconds: float) -> None:
        self.seats.absence_timeout = seconds

    # -- start and stop ----------------------------------------------------------------------

    async def load(self) -> None:
        """Join the other nodes (if any), then bring back every open and active game,
        replaying the active ones' records."""
        self.watchdog = asyncio.get_running_loop().create_task(self.hub.watch())
        self.sweeper = asyncio.get_running_loop().create_task(self.logins.sweep())
        if self.bus.clustered:
            await self.sync.start()
        for row in await self.store.load_games((OPEN, ACTIVE)):
            try:
                table = Table.from_row(row)
            except (IllegalAction, NotationError, OptionError) as err:
                log.error("game %s cannot be replayed and stays stopped: %s", row.id, err)
                continue
            self.tables[row.id] = table
            self.games.learn_names(row)
            table.bots = row.seat_bots()
            if table.state is not None and table.state.is_over:  # stopped before its results
                await self.play.finish(table)
                continue
            self.play.timers.arm_clock(table)
            self.play.timers.arm_bot(table)
            if table.state is not None and self.nodes.owns(table.id):  # nobody is back yet
                for user_id in {u for s, u in row.seats.items() if s not in table.bots}:
                    self.seats.watch_absence(table, user_id)

    async def close(self) -> None:
        for task in (self.watchdog, self.sweeper):
            if task is not None:
                task.cancel()
        await self.feed.close()
        self.sync.stop()
        await self.bus.close()
        for table in self.tables.values():
            self.play.timers.stop(table)
        self.seats.close()
        for client in list(self.hub.clients):
            await client.stop()

    # -- connections -------------------------------------------------------------------------

    def connect(self, client: Client) -> None:
        self.hub.add(client)
        self.message_limits[client] = RateLimit(MESSAGE_BURST, MESSAGE_WINDOW)

    async def disconnect(self, client: Client) -> None:
        self.message_limits.pop(client, None)
        went_offline = self.hub.remove(client)
        if went_offline:
            self.presence.changed()
        self.seats.disconnected(client, went_offline)
        await client.stop()

    def _detach(self, client: Client) -> None:
        """Log a connection out, keeping it open: it is as if it had closed (its user may go
        offline, its seats wait, it watches nothing), and it may say hello again."""
        went_offline = self.hub.remove(client)
        self.hub.add(client)
        if went_offline:
            self.presence.changed()
        self.seats.disconnected(client, went_offline)
        client.watching.clear()
        client.user, client.session = None, None

    async def handle(self, client: Client, text: str | bytes) -> None:
        """One inbound frame: validated, dispatched; every failure becomes an error reply."""
        ref = None
        try:
            if not self.message_limits[client].allow():  # only the id is read: refusing is cheap
                ref = P.peek_ref(text)
                raise ProtocolError("rate-limited", "too many messages: slow down")
            message = P.parse_message(text)
            ref = message.id
            if client.user is None and not isinstance(message, P.Hello | P.Login):
                raise ProtocolError("hello-first", "say hello first (with a name or a token)")
            await self._dispatch(client, message)
        except ProtocolError as err:
            client.push(error(err.code, err.message, err.ref if ref is None else ref))
        except IllegalAction as err:
            client.push(error("illegal", err.message, ref, rule=err.rule))
        except StoreBusy as err:  # overloaded, not a bug: the client may send it again
            self.busy.happened(err)
            client.push(error("busy", "the server is overloaded: send that again in a moment", ref))
        except Exception:  # a bug or a store failure: say so, keep the connection
            log.exception("message failed")
            client.push(error("internal", "the server could not handle that message", ref))

    async def _dispatch(self, client: Client, message: P.Inbound) -> None:
        if isinstance(message, P.Hello):
            welcomed = await self.identity.hello(client, message)
            await self.seats.rejoin(client, welcomed)
            return
        if isinstance(message, P.Login):
            welcomed = await self.logins.login(client, message)
            await self.seats.rejoin(client, welcomed)
            return
        user = client.user
        assert user is not None
        if isinstance(message, P.Ping):
            client.push({"type": "pong", "ref": message.id})
        elif isinstance(message, P.Rename):
            await self.identity.rename(user, message)
        elif isinstance(message, P.Register):
            await self.logins.register(client, user, message)
        elif isinstance(message, P.ChangePassword):
            await self.logins.change_password(client, user, message)
        elif isinstance(message, P.Logout):
            await self.logins.logout(client, user, message)
        elif isinstance(message, P.Chat):
            await self.chat.say(client, user, message)
        elif isinstance(message, P.Lists):
            client.push(await self.lobby.lists_message(user.id))
        elif isinstance(message, P.Lobby):
            await self.lobby.follow(client, user, message.follow)
        elif isinstance(message, P.Online):
            page = self.presence.page(message.search, message.page, message.asked)
            client.push({**page, "ref": message.id})
        elif isinstance(message, P.NewGame):
            await self.seats.new_game(client, user, message)
        elif isinstance(message, P.Act):
            await self.play.act(user, message)
        else:
            table = await self.games.find(message.game)
            if isinstance(message, P.Join):
                await self.seats.join(client, user, table)
            elif isinstance(message, P.Leave):
                await self.seats.leave(client, user, table)
            elif isinstance(message, P.Start):
                await self.seats.start(user, table)
            elif isinstance(message, P.Watch):
                await self.seats.watch(client, table)
            elif isinstance(message, P.Unwatch):
                self.seats.unwatch(client, table)

    # -- what the app asks -------------------------------------------------------------------

    def online_names(self) -> list[str]:
        """Everyone online, on this node or another (see ``Presence.online_names``)."""
        return self.presence.online_names()

    def is_online(self, user_id: int) -> bool:
        return self.presence.is_online(user_id)

    def game_lists(
        self, user_id: int | None = None, shown: int | None = None
    ) -> dict[str, list[dict[str, Any]]]:
        """The open and active tables' summaries (see ``Lobby.game_lists``)."""
        return self.lobby.game_lists(user_id, shown)

    async def finished_games(
        self, limit: int = FINISHED_SHOWN, offset: int = 0, player: str = ""
    ) -> list[dict[str, Any]]:
        return await self.lobby.finished_games(limit, offset, player)

    async def lists_message(self, user_id: int | None) -> dict[str, Any]:
        return await self.lobby.lists_message(user_id)
