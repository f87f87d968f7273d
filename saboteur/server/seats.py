"""Seats at the tables: new games, joining, leaving, starting, watching, and absent players.

A seated player gone for ``absence_timeout`` seconds (or who left a running game) is *away*:
a bot plays for them until they come back.
"""

from __future__ import annotations

import asyncio
import secrets

from saboteur.engine import OptionError, new_game
from saboteur.server import protocol as P
from saboteur.server.botkinds import bot_seats
from saboteur.server.hub import Client
from saboteur.server.ports import Arming, BotUsers, Games, Lists, Online, Shared, Talk, Views
from saboteur.server.protocol import ProtocolError
from saboteur.server.store.store import ACTIVE, SeatTaken, User
from saboteur.server.tables import Table, seated_at


class Seats:
    """Who sits, watches or is away at the ``games``' tables."""

    def __init__(
        self,
        shared: Shared,
        games: Games,
        online: Online,
        lobby: Lists,
        chat: Talk,
        views: Views,
        timers: Arming,
        users: BotUsers,
        absence_timeout: float,
    ) -> None:
        self.store, self.bus, self.names = shared.store, shared.bus, shared.names
        self.guards = shared.guards
        self.games, self.tables = games, games.tables
        self.online, self.lobby, self.chat, self.views = online, lobby, chat, views
        self.timers, self.users = timers, users
        self.absence_timeout = absence_timeout
        self.absence_tasks: set[asyncio.Task[None]] = set()

    # -- tables and seats --------------------------------------------------------------------

    async def new_game(self, client: Client, user: User, message: P.NewGame) -> None:
        options = {
            key: str(value).lower() if isinstance(value, bool) else value
            for key, value in message.options.items()
        }
        try:
            game = new_game(message.ruleset, message.players, options)
        except OptionError as err:
            raise ProtocolError("bad-options", str(err)) from None
        bots = bot_seats(message.bots, game.players, game.ruleset)
        self.guard_new_table(client, user)  # a table the rules allow: may this person open it?
        row = await self.store.create_game(
            game.ruleset, game.players, dict(game.options), user.id, message.clock
        )
        table = Table(row, game)
        for seat, spec in bots.items():  # each bot seat a dwarf of its own at this table
            bot_user = await self.users.new_bot_user(spec, set(row.seats.values()))
            await self.store.take_seat(row.id, seat, bot_user.id)
            row.seats[seat] = bot_user.id
            table.bots[seat] = spec
        self.tables[row.id] = table
        client.push({"type": "joined", "game": table.summary(self.names), "seat": 0})
        self.lobby.table_changed(table.id)
        client.push({"type": "chat_history", "game": table.id, "lines": []})  # a new table

    def guard_new_table(self, client: Client, user: User) -> None:
        """Refuse a table past the limits: too many opened from this address lately, or too
        many open tables this person hosts."""
        cap = self.guards.limits.open_tables
        hosted = sum(t.is_open and t.row.host_id == user.id for t in self.tables.values())
        if hosted >= cap:
            raise ProtocolError(
                "too-many-tables", f"you host {hosted} open tables already (at most {cap})"
            )
        if not self.guards.allows(self.guards.new_tables, client.address):
            raise ProtocolError("rate-limited", "too many new tables from your address: slow down")

    async def rejoin(self, client: Client, user: User) -> None:
        """A user said hello: back to every seat they hold (taken back from a bot at once)."""
        for table in seated_at(self.tables.values(), user.id):
            if table.seat_of(user.id) is not None:  # still (an earlier join awaited)
                await self.join(client, user, table)

    async def join(self, client: Client, user: User, table: Table) -> None:
        seat = table.seat_of(user.id)
        if seat is not None:  # already seated: (re)subscribe and sync
            if seat in table.away:
                await self.set_away(table, seat, None)
            client.push({"type": "joined", "game": table.summary(self.names), "seat": seat})
            table = await self.read_through(table)
            if table.state is not None:
                await self.views.sync_client(client, table)
            else:
                await self.chat.send_game_chat(client, table)
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
        await self.chat.send_game_chat(client, table)
        self.lobby.table_changed(table.id)

    async def _take_free_seat(self, table: Table, user: User) -> int:
        """Seat ``user`` in the first free seat; on a race with another node, look again."""
        for attempt in range(3):
            seat = table.free_seat()
            if seat is None and self.bus.clustered and attempt == 0:
                await self.games.reload_row(table)  # a seat left on another node a moment ago?
                seat = table.free_seat()
            if seat is None:
                raise ProtocolError("game-full", f"game {table.id} has no free seat")
            try:
                await self.store.take_seat(table.id, seat, user.id)
            except SeatTaken:
                await self.games.reload_row(table)
                continue
            table.row.seats[seat] = user.id
            return seat
        raise ProtocolError("conflict", f"game {table.id} is busy: try again")

    async def leave(self, client: Client, user: User, table: Table) -> None:
        if table.seat_of(user.id) is None:
            self.unwatch(client, table)
            raise ProtocolError("not-seated", f"you hold no seat in game {table.id}")
        if not table.is_open:
            # a running game keeps the seat for the player to come back to; a bot plays meanwhile
            seat = table.seat_of(user.id)
            if seat is not None and seat not in table.bots and table.state is not None:
                line = f"{user.name} left: a bot plays for them."
                await self.set_away(table, seat, line)
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
        self.lobby.table_changed(table.id)

    async def start(self, user: User, table: Table) -> None:
        async with table.lock:
            if self.tables.get(table.id) is not table:
                raise ProtocolError("no-such-game", f"there is no open or active game {table.id}")
            if not table.is_open:
                raise ProtocolError("not-open", f"game {table.id} has started already")
            if self.bus.clustered:  # seats taken or left on other nodes a moment ago count too
                await self.games.reload_row(table)
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
            await self.views.after_change(table)
            for seat, user_id in table.row.seats.items():  # seated, but gone since they sat down
                if seat not in table.bots and not self.online.is_online(user_id):
                    self.watch_absence(table, user_id)
        self.lobby.table_changed(table.id)

    async def read_through(self, table: Table) -> Table:
        """The table as the store has it, where another node may have changed it a moment ago
        (started it, or moved and died before telling): this node's copy may be older."""
        if not self.bus.clustered:
            return table
        await self.games.refresh(table.id)
        return self.tables.get(table.id, table)

    async def watch(self, client: Client, table: Table) -> None:
        table = await self.read_through(table)
        if table.state is None:
            raise ProtocolError("not-started", f"game {table.id} has not started yet")
        assert client.user is not None
        if table.seat_of(client.user.id) is None:  # a seated player keeps their own view
            table.spectators.add(client)
            client.watching.add(table.id)
        await self.views.sync_client(client, table)

    def unwatch(self, client: Client, table: Table) -> None:
        table.spectators.discard(client)
        client.watching.discard(table.id)

    def disconnected(self, client: Client, went_offline: bool) -> None:
        """A connection closed: it watches nothing; if its user ``went_offline``, their seats
        in running games wait for them (a bot plays after the absence timeout)."""
        for game_id in client.watching:
            table = self.tables.get(game_id)
            if table is not None:
                table.spectators.discard(client)
        if went_offline:
            assert client.user is not None
            for table in list(self.tables.values()):
                if table.state is not None and table.seat_of(client.user.id) is not None:
                    self.watch_absence(table, client.user.id)

    # -- absent players ----------------------------------------------------------------------

    def watch_absence(self, table: Table, user_id: int) -> None:
        task = asyncio.get_running_loop().create_task(self._absent(table, user_id))
        self.absence_tasks.add(task)
        task.add_done_callback(self.absence_tasks.discard)

    async def _absent(self, table: Table, user_id: int) -> None:
        """After the absence timeout, a bot plays for a seated player who is still gone."""
        await asyncio.sleep(self.absence_timeout)
        table = self.tables.get(table.id, table)  # a refresh may have replaced it
        seat = table.seat_of(user_id)
        state = table.state
        if (
            self.online.is_online(user_id)
            or self.tables.get(table.id) is not table
            or seat is None
            or seat in table.away
            or state is None
            or state.is_over
        ):
            return
        name = self.names.get(user_id, f"seat {seat}")
        await self.set_away(table, seat, f"{name} is away: a bot plays for them.")

    async def set_away(self, table: Table, seat: int, line: str | None) -> None:
        """A bot plays for the player of ``seat`` from now on (``line``: what the game's chat
        says, or None to take the seat back, ``X is back.``)."""
        away = line is not None
        if (seat in table.away) == away:
            return
        if away:
            table.away.add(seat)
        else:
            table.away.discard(seat)
        self.bus.publish({"kind": "away", "game": table.id, "seat": seat, "on": away})
        said = line or f"{table.seat_names(self.names)[seat]} is back."
        await self.chat.announce(table, said, store=True, share=True)
        self.lobby.broadcast_lists(table.id)
        self.lobby.show_table(table)
        if away:
            self.timers.arm_bot(table)

    def remote_away(self, game_id: int, seat: int, on: bool) -> None:
        """Another node said the player of ``seat`` is away (``on``) or back."""
        table = self.tables.get(game_id)
        if table is None:
            return
        if on:
            table.away.add(seat)
            self.timers.arm_bot(table)
        else:
            table.away.discard(seat)
        self.lobby.broadcast_lists(game_id)
        self.lobby.show_table(table)

    def close(self) -> None:
        for task in self.absence_tasks:
            task.cancel()
