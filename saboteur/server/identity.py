"""Who a connection is: hello with a name or a token, new users, renames, and users' names."""

from __future__ import annotations

import zlib
from datetime import timedelta

from saboteur.server import protocol as P
from saboteur.server.hub import Client
from saboteur.server.names import check_name
from saboteur.server.ports import Lists, Online, Shared, Talk
from saboteur.server.protocol import ProtocolError
from saboteur.server.store.accounts import hash_token
from saboteur.server.store.store import NameTaken, User

DWARFS = (
    "Balin", "Dwalin", "Fili", "Kili", "Dori", "Nori", "Ori", "Oin", "Gloin", "Bifur",
    "Bofur", "Bombur", "Thorin", "Dain", "Thrain", "Frerin", "Fundin", "Groin", "Nain", "Durin",
    "Telchar", "Narvi", "Borin", "Farin", "Floi", "Frar", "Loni", "Nali", "Thror", "Ibun",
)  # fmt: skip


def bot_names(spec: str) -> list[str]:
    """The names a bot ``spec`` may sit as, in the order they are tried: the dwarfs, from a
    place of their own for each spec, then the same with a number.

    >>> bot_names("random")[:2], len(bot_names("heuristic")), bot_names("random")[30]
    (['Groin', 'Nain'], 120, 'Groin 2')
    """
    start = zlib.crc32(spec.encode()) % len(DWARFS)
    ordered = [DWARFS[(start + i) % len(DWARFS)] for i in range(len(DWARFS))]
    return ordered + [f"{name} {n}" for n in (2, 3, 4) for name in ordered]


class Identity:
    """Users and their nicknames (kept in the shared ``names``, which the other parts read)."""

    def __init__(
        self,
        shared: Shared,
        online: Online,
        lobby: Lists,
        chat: Talk,
        session_ttl: timedelta = timedelta(days=30),
    ) -> None:
        self.store, self.bus, self.hub = shared.store, shared.bus, shared.hub
        self.guards = shared.guards
        self.names = shared.names
        self.online, self.lobby, self.chat = online, lobby, chat
        self.session_ttl = session_ttl  # a token unused this long has expired

    async def hello(self, client: Client, message: P.Hello) -> User:
        """Attach a user (by token, or new) to ``client`` and welcome them; the user."""
        if client.user is not None:
            raise ProtocolError("already-hello", "this connection has said hello already")
        token = message.token
        found = await self.store.accounts.by_token(token, self.session_ttl) if token else None
        if found is not None:
            user = User(found.user_id, found.name, found.registered)
        else:
            if token and not message.name:
                raise ProtocolError(
                    "bad-token", "unknown or expired session token: say hello with a name"
                )
            if not self.guards.allows(self.guards.new_users, client.address):
                raise ProtocolError(
                    "rate-limited", "too many new nicknames from your address: try again later"
                )
            user, token = await self._new_user(message.name or "")
        assert token is not None
        await self.welcome(client, user, token, fresh=found is None)
        return user

    async def welcome(self, client: Client, user: User, token: str, fresh: bool) -> None:
        """``user`` logged in on ``client`` with ``token``: the welcome (the lobby, the chat,
        their whispers unless ``fresh``: a new user nobody has whispered to yet)."""
        client.session = hash_token(token)
        self.names[user.id] = user.name
        whispers = [] if fresh else [line.to_json() for line in await self.store.whispers(user.id)]
        board = await self.lobby.lobby_board()  # kept between finished games: no wait, mostly
        chat = await self.chat.global_chat()  # kept between lines said: no wait, mostly
        # no await from here to the welcome: the feed goes on from the lists it holds
        came_online = self.hub.login(client, user)
        welcome = {
            **self.lobby.lists(user.id, board),
            "type": "welcome",
            "user": {"id": user.id, "name": user.name, "registered": user.registered},
            "token": token,
            "chat": chat,
            "whispers": whispers,
        }
        client.push(welcome)
        if came_online:
            self.online.changed()

    async def _new_user(self, wanted: str) -> tuple[User, str]:
        try:
            name = check_name(wanted)
        except ValueError as err:
            raise ProtocolError("bad-name", str(err)) from None
        account = await self.store.accounts.by_name(name)
        if account is not None and account.password_hash is not None:
            raise ProtocolError(
                "name-registered",
                f"the nickname {account.name!r} is registered: log in with its password,"
                " or choose another",
            )
        base, suffix = name, 1
        while True:
            try:
                return await self.store.create_user(name)
            except NameTaken:
                suffix += 1
                name = f"{base[: 20 - len(str(suffix)) - 1]}-{suffix}"

    async def new_bot_user(self, spec: str, avoid: set[int]) -> User:
        """The user the bot ``spec`` sits as: a dwarf's name (``Balin``), the same user for the
        same bot at every table (so its results add up), but none of the users in ``avoid``
        (already seated at this table); a new one where the name is free."""
        for name in bot_names(spec):
            found = await self.store.bot_user(name)
            if found is None:
                try:
                    user, _token = await self.store.create_user(name, bot=spec)
                except NameTaken:  # made a moment ago, on this node or another
                    continue
            elif found[1] == spec and found[0].id not in avoid:
                user = found[0]
            else:
                continue  # a person's name, another bot's, or seated here already
            self.names[user.id] = user.name
            return user
        raise ProtocolError("bad-bots", f"no free name for another {spec} bot")

    async def rename(self, user: User, message: P.Rename) -> None:
        try:
            name = check_name(message.name)
        except ValueError as err:
            raise ProtocolError("bad-name", str(err)) from None
        if name == user.name:
            return
        if not self.guards.renames.allow(user.id):
            raise ProtocolError("rate-limited", "too many renames: try again later")
        try:
            await self.store.rename(user.id, name)
        except NameTaken:
            raise ProtocolError(
                "name-taken", f"the nickname {name!r} is taken or looks like one that is"
            ) from None
        self.bus.publish({"kind": "user", "id": user.id, "name": name})
        self.renamed(user.id, name)
        self.online.users_changed()

    def renamed(self, user_id: int, name: str) -> None:
        """``user_id`` is called ``name`` now (renamed here or on another node)."""
        self.names[user_id] = name
        self.chat.forget_lines()  # the lines name their senders as they are called now
        self.hub.rename(user_id, name)
        self.hub.to_user(user_id, {"type": "user", "user": {"id": user_id, "name": name}})
        self.online.broadcast()
        self.lobby.seats_renamed(user_id)
