"""The small interfaces the server's parts talk through.

Each part (see :mod:`saboteur.server.service`) is given the others it needs as one of these,
never as the whole service: it sees what it may ask of them and nothing of their state, and no
part's module imports another part's module (so there are no import cycles between them).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from saboteur.engine.messages import Message
from saboteur.server.bus import Bus
from saboteur.server.hub import Client, Hub
from saboteur.server.limits import Guards
from saboteur.server.store.store import Store, User
from saboteur.server.tables import Table


@dataclass(frozen=True)
class Shared:
    """What every part of a node uses: the store, the bus to the other nodes, this node's
    connections, and the names of the users it knows (user id -> nickname, for everyone seated
    or online: the identity part keeps them, the others add the names they read)."""

    store: Store
    bus: Bus
    hub: Hub
    names: dict[int, str]
    guards: Guards = field(default_factory=Guards)  # what one address or person may do


class Feed(Protocol):
    """The lobby feed (:class:`saboteur.server.feed.LobbyFeed`): marks what changed, sends it
    soon to the connections it is for."""

    def presence(self) -> None: ...

    def tables(self, *game_ids: int) -> None: ...

    def highscores(self) -> None: ...


class Owner(Protocol):
    """Which node runs a game's timers (:class:`saboteur.server.cluster.Nodes`)."""

    def owns(self, game_id: int) -> bool: ...


class Online(Protocol):
    """Who is online, on this node or another (the presence part)."""

    def online_names(self) -> list[str]: ...

    def is_online(self, user_id: int) -> bool: ...

    def find_online(self, name: str) -> tuple[int, str] | None: ...

    def broadcast(self) -> None: ...

    def changed(self) -> None: ...

    def users_changed(self) -> None: ...


class Shown(Protocol):
    """Who is online, as the lobby shows it (the presence part)."""

    def online_names(self) -> list[str]: ...

    def feed_message(self) -> dict[str, Any] | None: ...


class Announced(Protocol):
    """Who is online here, as this node tells the others (the presence part)."""

    users_version: int

    def broadcast(self) -> None: ...


class Games(Protocol):
    """This node's copy of the open and active games (:class:`saboteur.server.games.Games`)."""

    tables: dict[int, Table]

    async def find(self, game_id: int) -> Table: ...

    async def refresh(self, game_id: int) -> None: ...

    async def reload_row(self, table: Table) -> None: ...


class Lists(Protocol):
    """The lobby as others tell it of changes or ask for it (the lobby part)."""

    def broadcast_lists(self, *game_ids: int) -> None: ...

    def table_changed(self, table_id: int) -> None: ...

    def seats_renamed(self, user_id: int) -> None: ...

    def show_table(self, table: Table) -> None: ...

    def highscores_changed(self) -> None: ...

    async def lobby_board(self) -> dict[str, Any]: ...

    def lists(self, user_id: int | None, board: dict[str, Any]) -> dict[str, Any]: ...


class Talk(Protocol):
    """What the other parts say in the chat, or ask of it (the chat part)."""

    async def global_chat(self) -> list[dict[str, Any]]: ...

    def forget_lines(self) -> None: ...

    async def announce(
        self, table: Table, text: str, store: bool, share: bool = False, said: Message | None = None
    ) -> None: ...

    async def send_game_chat(self, client: Client, table: Table) -> None: ...


class Relay(Protocol):
    """Chat lines another node pushed, as the chat part takes them (used by the bus sync)."""

    mark: int

    def heard_chat(self, chat_id: Any) -> bool: ...

    def tell_global(self, line: dict[str, Any]) -> None: ...

    def whisper(self, line: dict[str, Any], target: int, sender: int) -> None: ...

    def to_table(self, table: Table, message: dict[str, Any]) -> None: ...


class Mover(Protocol):
    """Plays a seat's action (the play part; the clock and the bots move through it)."""

    async def play(
        self, table: Table, seat: int, text: str, actor: str, expected_seq: int | None = None
    ) -> None: ...


class Views(Protocol):
    """Pushes a game's views after a change, or to one (re)connecting viewer (the play part)."""

    async def after_change(self, table: Table, origin: bool = True) -> None: ...

    async def sync_client(self, client: Client, table: Table) -> None: ...


class Arming(Protocol):
    """A game's turn clock and bot moves (:class:`saboteur.server.timers.Timers`)."""

    def arm_clock(self, table: Table) -> None: ...

    def arm_bot(self, table: Table) -> None: ...

    def rearm(self, table: Table) -> None: ...

    def stop(self, table: Table) -> None: ...


class BotUsers(Protocol):
    """Makes the users that bots sit as (the identity part)."""

    async def new_bot_user(self, spec: str, avoid: set[int]) -> User: ...


class Welcomer(Protocol):
    """Welcomes a user who has just logged in on a connection (the identity part)."""

    async def welcome(self, client: Client, user: User, token: str, fresh: bool) -> None: ...


class SessionsEnded(Protocol):
    """Logs out the connections holding ended sessions, and tells those of a user who has just
    registered (the accounts part; used by the bus sync)."""

    def ended(self, user_id: int, sessions: list[str]) -> None: ...

    def registered(self, user_id: int) -> None: ...


class Renamer(Protocol):
    """Takes a user's new nickname (the identity part)."""

    def renamed(self, user_id: int, name: str) -> None: ...


class Away(Protocol):
    """Absent players a bot plays for (the seats part)."""

    def remote_away(self, game_id: int, seat: int, on: bool) -> None: ...
