"""The chat: global lines, whispers and each game's lines, with a rate limit per user.

A line is stored, pushed to the connections here that see it, then told to the other nodes;
a stored line another node pushed is pushed here once (``heard_chat``).
"""

from __future__ import annotations

from collections import deque
from datetime import UTC, datetime
from typing import Any

from saboteur.engine.messages import Message
from saboteur.server import protocol as P
from saboteur.server.hub import Client, encode
from saboteur.server.limits import Buckets
from saboteur.server.ports import Games, Online, Shared
from saboteur.server.protocol import ProtocolError
from saboteur.server.store.store import User
from saboteur.server.tables import Table
from saboteur.server.text import clean_line

CHAT_BURST, CHAT_WINDOW = 5, 5.0  # at most 5 chat lines per 5 seconds per user
CHAT_SEEN = 10_000  # stored chat lines a node remembers having pushed (to not push one twice)


def stamp(message: dict[str, Any]) -> dict[str, Any]:
    """``message`` with the time it is said (``at``)."""
    message["at"] = datetime.now(UTC).isoformat(timespec="seconds")
    return message


class Chat:
    """Chat lines said here or heard of from other nodes."""

    def __init__(self, shared: Shared, online: Online, games: Games) -> None:
        self.store, self.bus, self.hub = shared.store, shared.bus, shared.hub
        self.guards = shared.guards
        self.names, self.online, self.games = shared.names, online, games
        self.seen: deque[int] = deque(maxlen=CHAT_SEEN)  # stored lines pushed here lately
        self.mark = 0  # the newest stored line heard of from another node
        self.limits = Buckets(CHAT_BURST, CHAT_WINDOW)  # per user, the least used forgotten
        self._global_chat: list[dict[str, Any]] | None = None  # the last lines, as sent
        self._chat_version = 0  # counts global lines said (here or elsewhere) and renames

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

    def forget_lines(self) -> None:
        """The kept global lines are out of date (a line said, or a sender renamed)."""
        self._chat_version += 1
        self._global_chat = None

    def tell_global(self, line: dict[str, Any]) -> None:
        """A global chat line (said here or on another node) to everyone connected here."""
        self.forget_lines()
        self.hub.to_all(line)

    async def say(self, client: Client, user: User, message: P.Chat) -> None:
        """A chat line ``user`` says (global, a whisper, or at a game)."""
        text = clean_line(message.text)
        if not text:
            raise ProtocolError(
                "empty",
                "a chat line with nothing to show (once control and invisible "
                "characters are removed) is not sent",
            )
        if not self.limits.allow(user.id):
            raise ProtocolError("rate-limited", f"at most {CHAT_BURST} lines per {CHAT_WINDOW:g} s")
        if not self.guards.allows(self.guards.chat, client.address):  # many names, one address
            raise ProtocolError("rate-limited", "too many chat lines from your address: slow down")
        if message.channel == "global":
            chat_id = await self.store.add_chat("global", text, sender_id=user.id)
            line = stamp({"type": "chat", "channel": "global", "from": user.name, "text": text})
            self.tell_global(line)
            self._share({"kind": "chat-global", "line": line}, chat_id)
        elif message.channel == "whisper":
            target = self._online_user(message.to)
            chat_id = await self.store.add_chat(
                "whisper", text, sender_id=user.id, recipient_id=target
            )
            line = stamp(
                {
                    "type": "chat",
                    "channel": "whisper",
                    "from": user.name,
                    "to": self.names[target],
                    "text": text,
                }
            )
            self.whisper(line, target, user.id)
            self._share({"kind": "whisper", "line": line, "to": target, "from": user.id}, chat_id)
        else:
            if message.game is None:
                raise ProtocolError("invalid", "chat: game: in-game chat names its game")
            table = await self.games.find(message.game)
            if table.seat_of(user.id) is None and client not in table.spectators:
                raise ProtocolError("not-at-table", "join or watch the game to chat there")
            chat_id = await self.store.add_chat("game", text, sender_id=user.id, game_id=table.id)
            line = stamp(
                {
                    "type": "chat",
                    "channel": "game",
                    "game": table.id,
                    "from": user.name,
                    "text": text,
                }
            )
            self.to_table(table, line)
            self._share({"kind": "chat-game", "game": table.id, "line": line}, chat_id)

    def _share(self, message: dict[str, Any], chat_id: int | None) -> None:
        """Tell the other nodes of a chat line (stored as ``chat_id``) pushed here."""
        if self.bus.clustered:
            if chat_id is not None:
                self.seen.append(chat_id)
            self.bus.publish({**message, "chat_id": chat_id})

    def heard_chat(self, chat_id: Any) -> bool:
        """Note a stored line another node pushed; False if it was pushed here already."""
        if not isinstance(chat_id, int):
            return True
        self.mark = max(self.mark, chat_id)
        if chat_id in self.seen:
            return False
        self.seen.append(chat_id)
        return True

    def whisper(self, line: dict[str, Any], target: int, sender: int) -> None:
        self.hub.to_user(target, line)
        if target != sender:
            self.hub.to_user(sender, line)

    def _online_user(self, name: str | None) -> int:
        if not name:
            raise ProtocolError("invalid", "chat: to: a whisper names its receiver")
        found = self.online.find_online(name)
        if found is None:
            raise ProtocolError("no-such-user", f"nobody called {name!r} is online")
        user_id, name = found
        self.names[user_id] = name  # known now, if they are online on another node
        return user_id

    async def announce(
        self, table: Table, text: str, store: bool, share: bool = False, said: Message | None = None
    ) -> None:
        """A server line in the game's chat (turns are not stored, results are); ``share``
        tells the other nodes' viewers too (lines every node makes itself are not shared);
        ``said``: the line as a catalogue message, for clients that word it themselves."""
        chat_id = await self.store.add_chat("game", text, game_id=table.id) if store else None
        line = stamp(
            {"type": "chat", "channel": "game", "game": table.id, "from": None, "text": text}
            | ({"message": said.to_json()} if said else {})
        )
        self.to_table(table, line)
        if share:
            self._share({"kind": "chat-game", "game": table.id, "line": line}, chat_id)

    def to_table(self, table: Table, message: dict[str, Any]) -> None:
        """A chat line at the table (said here or elsewhere): from now on a join reads the
        table's chat (a turn's line is not stored, but telling lines apart is not worth it)."""
        table.row.has_chat = True
        text = encode(message)
        for user_id in table.row.seats.values():
            self.hub.to_user(user_id, text)
        for client in table.spectators:
            client.push(text)

    async def send_game_chat(self, client: Client, table: Table) -> None:
        """The game's chat so far, to one (re)joining viewer."""
        lines = await self.store.game_chat(table.id) if table.row.has_chat else []
        client.push(
            {"type": "chat_history", "game": table.id, "lines": table.history(lines, self.names)}
        )
