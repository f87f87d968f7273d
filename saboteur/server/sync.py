"""Keeping this node's copy of the lobby and the games in step with the other nodes.

What another node publishes on the bus arrives in :meth:`Sync.on_bus`; after the bus was
away, :meth:`Sync.resync` reads everything from the store.  Every second the node tells the
others it lives, and who is online on it (:meth:`Sync.heartbeats`).
"""

from __future__ import annotations

import asyncio
import itertools
import logging
from typing import Any

from saboteur.engine import IllegalAction, NotationError
from saboteur.server.cluster import HEARTBEAT, Nodes
from saboteur.server.ports import (
    Announced,
    Arming,
    Away,
    Games,
    Lists,
    Relay,
    Renamer,
    SessionsEnded,
    Shared,
    Views,
)
from saboteur.server.store.store import ACTIVE, OPEN

log = logging.getLogger("saboteur.server")

FULL_EVERY = 5  # heartbeats between two full lists of a node's users, changed or not
CHAT_MARGIN = 200  # how far before its newest line a node looks for lines it missed
REREAD_AT_ONCE = 32  # games read side by side from the store when taking over a node's games


class Sync:
    """This node's side of the cluster: it hears the other nodes and tells them it lives."""

    def __init__(
        self,
        shared: Shared,
        nodes: Nodes,
        games: Games,
        presence: Announced,
        chat: Relay,
        lobby: Lists,
        seats: Away,
        views: Views,
        timers: Arming,
        identity: Renamer,
        accounts: SessionsEnded,
    ) -> None:
        self.store, self.bus, self.hub = shared.store, shared.bus, shared.hub
        self.nodes, self.games, self.tables = nodes, games, games.tables
        self.presence, self.chat, self.lobby, self.seats = presence, chat, lobby, seats
        self.views, self.timers, self.identity = views, timers, identity
        self.accounts = accounts
        self.announced_version = 0  # the version of this node's users last told
        self.heartbeat_task: asyncio.Task[None] | None = None
        self.takeovers: set[asyncio.Task[None]] = set()  # rereads after nodes left

    async def start(self) -> None:
        """Join the other nodes: listen to the bus, announce this node every second."""
        self.chat.mark = await self.store.last_chat_id()
        await self.bus.start(self.on_bus, self.resync)
        self.heartbeat_task = asyncio.get_running_loop().create_task(self.heartbeats())
        await asyncio.sleep(HEARTBEAT * 1.5)  # hear the live nodes before taking on games

    def stop(self) -> None:
        """Stop announcing this node, and tell the others it is gone."""
        if self.heartbeat_task is not None:
            self.heartbeat_task.cancel()
            self.bus.publish({"kind": "node-gone"})

    async def on_bus(self, message: dict[str, Any]) -> None:
        """What another node published (see ``saboteur.server.bus``)."""
        kind = message.get("kind")
        if kind == "node":
            self.peer_heard(str(message["node"]), message.get("users"))
        elif kind == "node-gone":
            if self.nodes.drop(str(message["node"])):
                self.take_over()
        elif kind in ("chat-global", "whisper", "chat-game"):
            if self.chat.heard_chat(message.get("chat_id")):
                self.remote_chat(message)
        elif kind == "action":
            await self.remote_action(message)
        elif kind == "table":
            await self.games.refresh(int(message["game"]))
        elif kind == "user":
            self.identity.renamed(int(message["id"]), str(message["name"]))
        elif kind == "away":
            self.seats.remote_away(int(message["game"]), int(message["seat"]), bool(message["on"]))
        elif kind == "highscores":
            self.lobby.highscores_changed()
        elif kind == "logout":
            self.accounts.ended(int(message["user"]), [str(s) for s in message["sessions"]])
        elif kind == "registered":
            self.accounts.registered(int(message["user"]))
        else:
            log.warning("ignored a bus message of kind %r", kind)

    def remote_chat(self, message: dict[str, Any]) -> None:
        line = message["line"]
        if message["kind"] == "chat-global":
            self.chat.tell_global(line)
        elif message["kind"] == "whisper":
            self.chat.whisper(line, int(message["to"]), int(message["from"]))
        else:
            table = self.tables.get(int(message["game"]))
            if table is not None:
                self.chat.to_table(table, line)

    async def missed_chat(self) -> None:
        """Push the stored chat lines this node did not hear of while the bus was away."""
        by_name = {name.casefold(): user_id for user_id, name in self.hub.names.items()}
        for line in await self.store.chat_after(max(0, self.chat.mark - CHAT_MARGIN)):
            if not self.chat.heard_chat(line.id):
                continue
            if line.channel == "global":
                self.chat.tell_global(line.to_json())
            elif line.channel == "whisper":
                for name in {line.sender, line.recipient}:
                    user_id = by_name.get((name or "").casefold())
                    if user_id is not None:
                        self.hub.to_user(user_id, line.to_json())
            elif line.game_id in self.tables:
                self.chat.to_table(self.tables[line.game_id], line.to_json())

    def peer_heard(self, node: str, users: dict[str, str] | None) -> None:
        """A peer's heartbeat; ``users`` (who is online there) only when they changed."""
        new = node not in self.nodes.peers
        online = None if users is None else {int(k): v for k, v in users.items()}
        if self.nodes.update(node, online):
            self.presence.broadcast()
        if new:
            log.info("node %s joined", node)
            self.announced_version = -1  # the newcomer learns this node's users at once
            self.rearm_all()

    def announce_node(self, full: bool = False) -> None:
        """Tell the other nodes this node lives, and, if they changed (or ``full``), who is
        online on it: a full list on every change would cost the square of the connections."""
        if not self.bus.clustered:
            return
        message: dict[str, Any] = {"kind": "node"}
        if full or self.presence.users_version != self.announced_version:
            message["users"] = {str(k): v for k, v in self.hub.names.items()}
            self.announced_version = self.presence.users_version
        self.bus.publish(message)

    async def heartbeats(self) -> None:
        for beat in itertools.count():
            self.announce_node(full=beat % FULL_EVERY == 0)
            gone = self.nodes.expire()
            if gone:
                log.warning("node(s) %s went silent: taking over their games", ", ".join(gone))
                self.take_over()
            await asyncio.sleep(HEARTBEAT)

    def take_over(self) -> None:
        """Nodes left: their users are offline; every game is read again from the store (a
        node that died may have stored an action it never published), then the timers of the
        games this node owns now run here."""
        self.presence.broadcast()
        task = asyncio.get_running_loop().create_task(self.reread_games())
        self.takeovers.add(task)
        task.add_done_callback(self.takeovers.discard)

    async def reread_games(self) -> None:
        """Every game this node shows, as the store has it (what was missed is pushed), a few
        side by side; then the timers of the games this node owns."""
        games = sorted(self.tables)
        for start in range(0, len(games), REREAD_AT_ONCE):
            chunk = games[start : start + REREAD_AT_ONCE]
            await asyncio.gather(*(self.games.refresh(game_id) for game_id in chunk))
        self.rearm_all()

    def rearm_all(self) -> None:
        """The live nodes changed: run the timers of the games this node owns now, only those."""
        for table in self.tables.values():
            self.timers.rearm(table)

    async def remote_action(self, message: dict[str, Any]) -> None:
        """An action another node appended: apply it here and push the views, or catch up."""
        game_id, seq = int(message["game"]), int(message["seq"])
        table = self.tables.get(game_id)
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
                        await self.views.after_change(table, origin=False)
                        return
        await self.games.refresh(game_id)

    async def resync(self) -> None:
        """After the bus was away: every game as the store has it (what was missed is pushed)."""
        rows = await self.store.load_games((OPEN, ACTIVE))
        for game_id in sorted({row.id for row in rows} | set(self.tables)):
            await self.games.refresh(game_id)
        await self.missed_chat()
        self.announce_node(full=True)
