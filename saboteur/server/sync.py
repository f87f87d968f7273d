"""Keeping this node's copy of the lobby and the games in step with the other nodes.

What another node publishes on the bus arrives in :func:`on_bus`; after the bus was
away, :func:`resync` reads everything from the store.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
from typing import TYPE_CHECKING, Any

from saboteur.engine import IllegalAction, NotationError, OptionError
from saboteur.server import timers
from saboteur.server.cluster import HEARTBEAT
from saboteur.server.store.store import ACTIVE, FINISHED, OPEN, GameRow
from saboteur.server.tables import Table

if TYPE_CHECKING:
    from saboteur.server.service import Service

log = logging.getLogger("saboteur.server")

FULL_EVERY = 5  # heartbeats between two full lists of a node's users, changed or not
CHAT_MARGIN = 200  # how far before its newest line a node looks for lines it missed


async def on_bus(service: Service, message: dict[str, Any]) -> None:
    """What another node published (see ``saboteur.server.bus``)."""
    kind = message.get("kind")
    if kind == "node":
        peer_heard(service, str(message["node"]), message.get("users"))
    elif kind == "node-gone":
        if service.nodes.drop(str(message["node"])):
            service.broadcast_presence()
            rearm_all(service)
    elif kind in ("chat-global", "whisper", "chat-game"):
        if service.heard_chat(message.get("chat_id")):
            remote_chat(service, message)
    elif kind == "action":
        await remote_action(service, message)
    elif kind == "table":
        await refresh(service, int(message["game"]))
    elif kind == "user":
        service.renamed(int(message["id"]), str(message["name"]))
    elif kind == "away":
        remote_away(service, int(message["game"]), int(message["seat"]), bool(message["on"]))
    elif kind == "highscores":
        service.board = None
        service.feed.highscores()
    else:
        log.warning("ignored a bus message of kind %r", kind)


def remote_chat(service: Service, message: dict[str, Any]) -> None:
    line = message["line"]
    if message["kind"] == "chat-global":
        service.tell_global(line)
    elif message["kind"] == "whisper":
        service.whisper(line, int(message["to"]), int(message["from"]))
    else:
        table = service.tables.get(int(message["game"]))
        if table is not None:
            service.to_table(table, line)


async def missed_chat(service: Service) -> None:
    """Push the stored chat lines this node did not hear of while the bus was away."""
    by_name = {name.casefold(): user_id for user_id, name in service.hub.names.items()}
    for line in await service.store.chat_after(max(0, service.chat_mark - CHAT_MARGIN)):
        if not service.heard_chat(line.id):
            continue
        if line.channel == "global":
            service.tell_global(line.to_json())
        elif line.channel == "whisper":
            for name in {line.sender, line.recipient}:
                user_id = by_name.get((name or "").casefold())
                if user_id is not None:
                    service.hub.to_user(user_id, line.to_json())
        elif line.game_id in service.tables:
            service.to_table(service.tables[line.game_id], line.to_json())


def peer_heard(service: Service, node: str, users: dict[str, str] | None) -> None:
    """A peer's heartbeat; ``users`` (who is online there) only when they changed."""
    new = node not in service.nodes.peers
    online = None if users is None else {int(k): v for k, v in users.items()}
    if service.nodes.update(node, online):
        service.broadcast_presence()
    if new:
        log.info("node %s joined", node)
        service.announced_version = -1  # the newcomer learns this node's users at once
        rearm_all(service)


def users_changed(service: Service) -> None:
    """Someone came, went or was renamed here: the next heartbeat (within a second) says so."""
    service.users_version += 1


def announce_node(service: Service, full: bool = False) -> None:
    """Tell the other nodes this node lives, and, if they changed (or ``full``), who is online
    on it: a full list on every change would cost the square of the connections."""
    if not service.bus.clustered:
        return
    message: dict[str, Any] = {"kind": "node"}
    if full or service.users_version != service.announced_version:
        message["users"] = {str(k): v for k, v in service.hub.names.items()}
        service.announced_version = service.users_version
    service.bus.publish(message)


async def heartbeats(service: Service) -> None:
    for beat in itertools.count():
        announce_node(service, full=beat % FULL_EVERY == 0)
        gone = service.nodes.expire()
        if gone:
            log.warning("node(s) %s went silent: taking over their games", ", ".join(gone))
            service.broadcast_presence()
            rearm_all(service)
        await asyncio.sleep(HEARTBEAT)


def rearm_all(service: Service) -> None:
    """The live nodes changed: run the timers of the games this node owns now, only those."""
    for table in service.tables.values():
        if table.state is None or table.state.is_over:
            continue
        if service.nodes.owns(table.id):
            if table.clock_task is None:
                timers.arm_clock(service, table)
            if not table.bot_tasks:
                timers.arm_bot(service, table)
        else:
            if table.clock_task is not None:
                table.clock_task.cancel()
                table.clock_task = None
            for task in table.bot_tasks:
                task.cancel()


def remote_away(service: Service, game_id: int, seat: int, on: bool) -> None:
    table = service.tables.get(game_id)
    if table is None:
        return
    if on:
        table.away.add(seat)
        timers.arm_bot(service, table)
    else:
        table.away.discard(seat)
    service.broadcast_lists(game_id)


async def remote_action(service: Service, message: dict[str, Any]) -> None:
    """An action another node appended: apply it here and push the views, or catch up."""
    game_id, seq = int(message["game"]), int(message["seq"])
    table = service.tables.get(game_id)
    if table is not None:
        async with table.lock:
            state = table.state
            if state is not None and seq < table.seq:
                return  # known already (a catch-up read it from the store)
            if state is not None and seq == table.seq:
                try:
                    state.apply(str(message["action"]), player=int(message["seat"]))
                except (IllegalAction, NotationError) as err:
                    log.error("game %s: a peer's action does not apply: %s", game_id, err)
                else:
                    await service.after_change(table, origin=False)
                    return
    await refresh(service, game_id)


async def refresh(service: Service, game_id: int) -> None:
    """Bring this node's copy of a game up to date with the store; push what changed.

    Asked for again while a refresh of the same game runs, it reads once more when that one is
    done, for everyone who asked meanwhile (see :mod:`saboteur.server.coalesce`)."""
    await service.refreshes.run(game_id, lambda: refresh_now(service, game_id))


async def refresh_now(service: Service, game_id: int) -> None:
    """One read of a game from the store into this node's copy (see :func:`refresh`).

    The store is read under the table's lock, so that a read cannot overwrite a newer change
    this node made meanwhile (a join, a move)."""
    table = service.tables.get(game_id)
    if table is None:
        row = await service.store.game(game_id)
        if service.tables.get(game_id) is not None:  # another task made it meanwhile
            await refresh_now(service, game_id)
        elif row is None or row.status == FINISHED:
            service.broadcast_lists(game_id)
        else:
            await adopt(service, row, None)
        return
    async with table.lock:
        row = await service.store.game(game_id)
        if service.tables.get(game_id) is not table:
            return  # finished or replaced meanwhile
        if row is None:  # an open game everyone left
            service.tables.pop(game_id, None)
        elif table.state is None and row.status != OPEN:  # started on another node
            await adopt(service, row, table)
            return
        elif table.state is not None:
            missing = row.actions[table.seq :]
            for text, _actor in missing:
                table.state.apply(text)
            if missing:
                await service.after_change(table, origin=False)
        else:
            learn_names(service, row)
            table.row.seats, table.row.host_id = row.seats, row.host_id
            table.bots = row.seat_bots()
    service.broadcast_lists(game_id)


async def adopt(service: Service, row: GameRow, old: Table | None) -> None:
    """Take a game from the store as this node's table (replacing ``old``), and show it."""
    learn_names(service, row)
    try:
        table = Table.from_row(row)
    except (IllegalAction, NotationError, OptionError) as err:
        log.error("game %s cannot be replayed: %s", row.id, err)
        return
    table.bots = row.seat_bots()
    if old is not None:
        table.spectators, table.away = old.spectators, old.away
    service.tables[row.id] = table
    if table.state is not None:
        await service.after_change(table, origin=False)
    service.broadcast_lists(row.id)


async def reload_row(service: Service, table: Table) -> None:
    """Seats and host of an open table as the store has them (after a race)."""
    row = await service.store.game(table.id)
    if row is not None:
        learn_names(service, row)
        table.row.seats, table.row.host_id = row.seats, row.host_id


def learn_names(service: Service, row: GameRow) -> None:
    """The names of the row's people this node does not know yet (read with the row)."""
    service.names.update({u: n for u, (n, _) in row.people.items() if u not in service.names})


async def resync(service: Service) -> None:
    """After the bus was away: every game as the store has it (what was missed is pushed)."""
    rows = await service.store.load_games((OPEN, ACTIVE))
    for game_id in sorted({row.id for row in rows} | set(service.tables)):
        await refresh(service, game_id)
    await missed_chat(service)
    announce_node(service, full=True)
