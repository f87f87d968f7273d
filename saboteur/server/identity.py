"""Who a connection is: hello with a name or a token, new users, renames, and users' names."""

from __future__ import annotations

from saboteur.server import protocol as P
from saboteur.server.hub import Client
from saboteur.server.names import check_name
from saboteur.server.ports import Lists, Online, Shared, Talk
from saboteur.server.protocol import ProtocolError
from saboteur.server.store.store import NameTaken, User


class Identity:
    """Users and their nicknames (kept in the shared ``names``, which the other parts read)."""

    def __init__(self, shared: Shared, online: Online, lobby: Lists, chat: Talk) -> None:
        self.store, self.bus, self.hub = shared.store, shared.bus, shared.hub
        self.guards = shared.guards
        self.names = shared.names
        self.online, self.lobby, self.chat = online, lobby, chat

    async def hello(self, client: Client, message: P.Hello) -> User:
        """Attach a user (by token, or new) to ``client`` and welcome them; the user."""
        if client.user is not None:
            raise ProtocolError("already-hello", "this connection has said hello already")
        token = message.token
        user = await self.store.user_by_token(token) if token else None
        fresh = user is None  # a new user: nobody has whispered to them yet
        if user is None:
            if token and not message.name:
                raise ProtocolError("bad-token", "unknown session token: say hello with a name")
            if not self.guards.allows(self.guards.new_users, client.address):
                raise ProtocolError(
                    "rate-limited", "too many new nicknames from your address: try again later"
                )
            user, token = await self._new_user(message.name or "")
        assert token is not None
        self.names[user.id] = user.name
        whispers = [] if fresh else [line.to_json() for line in await self.store.whispers(user.id)]
        board = await self.lobby.lobby_board()  # kept between finished games: no wait, mostly
        chat = await self.chat.global_chat()  # kept between lines said: no wait, mostly
        # no await from here to the welcome: the feed goes on from the lists it holds
        came_online = self.hub.login(client, user)
        welcome = {
            **self.lobby.lists(user.id, board),
            "type": "welcome",
            "user": {"id": user.id, "name": user.name},
            "token": token,
            "chat": chat,
            "whispers": whispers,
        }
        client.push(welcome)
        if came_online:
            self.online.changed()
        return user

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

    async def new_bot_user(self, spec: str, seat: int) -> User:
        """A user for the bot ``spec`` to sit at ``seat`` as (``Bot Heuristic 2``, …)."""
        base = f"Bot {spec.partition(':')[0].capitalize()} {seat + 1}"
        name, suffix = base, 1
        while True:
            try:
                user, _token = await self.store.create_user(name, bot=spec)
                self.names[user.id] = user.name
                return user
            except NameTaken:
                suffix += 1
                name = f"{base}-{suffix}"

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
