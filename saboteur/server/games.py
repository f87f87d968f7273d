"""This node's copy of the open and active games, and reading them from the store.

Another node may have made, joined, started or moved a game a moment ago: a game asked for that
this node does not know is read from the store (:meth:`Games.find`), and a game another node
changed is read again (:meth:`Games.refresh`), pushing what changed to this node's viewers.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from saboteur.engine import IllegalAction, NotationError, OptionError
from saboteur.server.coalesce import Coalescer
from saboteur.server.ports import Feed, Shared
from saboteur.server.protocol import ProtocolError
from saboteur.server.store.store import FINISHED, OPEN, GameRow
from saboteur.server.tables import Table

log = logging.getLogger("saboteur.server")

ShowChange = Callable[[Table, bool], Awaitable[None]]


class Games:
    """The tables by id (``tables``), found and refreshed from the store.

    ``show_change(table, origin)`` pushes a game's new views (the play part's ``after_change``);
    the names of the people of a game read are added to the shared names."""

    def __init__(self, shared: Shared, feed: Feed, show_change: ShowChange) -> None:
        self.store, self.bus, self.names = shared.store, shared.bus, shared.names
        self.feed = feed
        self.show_change = show_change
        self.tables: dict[int, Table] = {}
        self.refreshes = Coalescer()  # reads of games from the store, by game

    async def find(self, game_id: int) -> Table:
        """The open or active game ``game_id`` (read from the store if made on another node)."""
        table = self.tables.get(game_id)
        if table is None and self.bus.clustered and 0 < game_id < 2**31:
            await self.refresh(game_id)  # made on another node a moment ago?
            table = self.tables.get(game_id)
        if table is None:
            raise ProtocolError("no-such-game", f"there is no open or active game {game_id}")
        return table

    async def refresh(self, game_id: int) -> None:
        """Bring this node's copy of a game up to date with the store; push what changed.

        Asked for again while a refresh of the same game runs, it reads once more when that one
        is done, for everyone who asked meanwhile (see :mod:`saboteur.server.coalesce`)."""
        await self.refreshes.run(game_id, lambda: self.refresh_now(game_id))

    async def refresh_now(self, game_id: int) -> None:
        """One read of a game from the store into this node's copy (see :meth:`refresh`).

        The store is read under the table's lock, so that a read cannot overwrite a newer change
        this node made meanwhile (a join, a move)."""
        table = self.tables.get(game_id)
        if table is None:
            row = await self.store.game(game_id)
            if self.tables.get(game_id) is not None:  # another task made it meanwhile
                await self.refresh_now(game_id)
            elif row is None or row.status == FINISHED:
                self.feed.tables(game_id)
            else:
                await self.adopt(row, None)
            return
        async with table.lock:
            row = await self.store.game(game_id)
            if self.tables.get(game_id) is not table:
                return  # finished or replaced meanwhile
            if row is None:  # an open game everyone left
                self.tables.pop(game_id, None)
            elif table.state is None and row.status != OPEN:  # started on another node
                await self.adopt(row, table)
                return
            elif table.state is not None:
                missing = row.actions[table.seq :]
                for text, _actor in missing:
                    table.state.apply(text)
                if missing:
                    await self.show_change(table, False)
            else:
                self.learn_names(row)
                table.row.seats, table.row.host_id = row.seats, row.host_id
                table.bots = row.seat_bots()
        self.feed.tables(game_id)

    async def adopt(self, row: GameRow, old: Table | None) -> None:
        """Take a game from the store as this node's table (replacing ``old``), and show it."""
        self.learn_names(row)
        try:
            table = Table.from_row(row)
        except (IllegalAction, NotationError, OptionError) as err:
            log.error("game %s cannot be replayed: %s", row.id, err)
            return
        table.bots = row.seat_bots()
        if old is not None:
            table.spectators, table.away = old.spectators, old.away
        self.tables[row.id] = table
        if table.state is not None:
            await self.show_change(table, False)
        self.feed.tables(row.id)

    async def reload_row(self, table: Table) -> None:
        """Seats and host of an open table as the store has them (after a race)."""
        row = await self.store.game(table.id)
        if row is not None:
            self.learn_names(row)
            table.row.seats, table.row.host_id = row.seats, row.host_id

    def learn_names(self, row: GameRow) -> None:
        """The names of the row's people this node does not know yet (read with the row)."""
        self.names.update({u: n for u, (n, _) in row.people.items() if u not in self.names})
