"""Accounts: registering a nickname with a password, logging in to it from anywhere, logging
out (here or everywhere), changing the password, and giving guests' names back.

A registered nickname is its owner's alone: hello with it (and no valid token) is refused with
``name-registered``, and only ``login`` with its password gets it. Guests keep playing without a
password; a guest's name is given back after :attr:`AccountPolicy.guest_days` unseen (see
docs/protocol.md, "Accounts").
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from saboteur.server import protocol as P
from saboteur.server.hub import Client
from saboteur.server.lookalike import skeleton
from saboteur.server.passwords import Passwords, check_password
from saboteur.server.ports import Lists, Online, Shared, Welcomer
from saboteur.server.protocol import ProtocolError
from saboteur.server.settings import AccountPolicy
from saboteur.server.store.store import User

log = logging.getLogger("saboteur.server")

Detach = Callable[[Client], None]


class Logins:
    """The account messages (``login``, ``register``, ``password``, ``logout``)."""

    def __init__(
        self,
        shared: Shared,
        online: Online,
        lobby: Lists,
        welcomer: Welcomer,
        detach: Detach,
        policy: AccountPolicy | None = None,
        passwords: Passwords | None = None,
    ) -> None:
        self.store, self.bus, self.hub, self.guards = (
            shared.store,
            shared.bus,
            shared.hub,
            shared.guards,
        )
        self.online, self.lobby, self.welcomer, self.detach = online, lobby, welcomer, detach
        self.policy = policy or AccountPolicy()
        self.passwords = passwords or Passwords()

    async def login(self, client: Client, message: P.Login) -> User:
        """Log ``client`` in to a registered nickname; welcome them. Wrong name or password:
        ``bad-login`` (the same words for both); too many tries: ``rate-limited``."""
        if client.user is not None:
            raise ProtocolError("already-hello", "this connection has said hello already")
        self._check_tries(client, message.name)
        account = await self.store.accounts.by_name(message.name)
        digest = account.password_hash if account is not None else None
        if account is None or not await self.passwords.verify(digest, message.password):
            raise ProtocolError("bad-login", "wrong nickname or password")
        assert digest is not None
        if self.passwords.needs_rehash(digest):
            await self.store.accounts.rehash(
                account.user_id, await self.passwords.hash(message.password)
            )
        token = await self.store.accounts.new_session(account.user_id)
        user = User(account.user_id, account.name, registered=True)
        await self.welcomer.welcome(client, user, token, fresh=False)
        return user

    async def register(self, client: Client, user: User, message: P.Register) -> None:
        """Keep ``user``'s nickname with a password; their other sessions stay."""
        if user.registered:
            raise ProtocolError(
                "already-registered", "your nickname is registered: change its password instead"
            )
        password = self._new_password(message.password)
        self._check_tries(client, None)  # (hashing costs: the address's tries count it)
        digest = await self.passwords.hash(password)
        await self.store.accounts.set_password(user.id, digest, keep=client.session)
        self._registered(user.id)
        client.push({"type": "account", "registered": True, "ref": message.id})
        self.lobby.highscores_changed()  # its marks show who is registered
        self.bus.publish({"kind": "highscores"})

    async def change_password(self, client: Client, user: User, message: P.ChangePassword) -> None:
        """A new password for a registered nickname; every other session ends."""
        if not user.registered:
            raise ProtocolError("not-registered", "register your nickname first")
        password = self._new_password(message.new)
        self._check_tries(client, user.name)
        digest = await self.store.accounts.password_hash(user.id)
        if not await self.passwords.verify(digest, message.old):
            raise ProtocolError("bad-login", "that is not your password")
        ended = await self.store.accounts.set_password(
            user.id, await self.passwords.hash(password), keep=client.session
        )
        self._end(user.id, ended)
        client.push({"type": "account", "registered": True, "ref": message.id})

    async def logout(self, client: Client, user: User, message: P.Logout) -> None:
        """End this session (or all of the user's): every connection holding an ended session
        is told ``logged-out`` and must say hello (or log in) again."""
        if message.everywhere:
            ended = await self.store.accounts.end_sessions(user.id)
        else:
            assert client.session is not None
            await self.store.accounts.end_session(client.session)
            ended = [client.session]
        self._end(user.id, ended, ref=message.id, to=client)

    def ended(self, user_id: int, sessions: list[str]) -> None:
        """Sessions of ``user_id`` ended (here or on another node): their connections here
        are logged out."""
        for client in list(self.hub.by_user.get(user_id, ())):
            if client.session in sessions:
                self.detach(client)
                client.push({"type": "logged-out"})

    def registered(self, user_id: int) -> None:
        """``user_id`` registered (here or on another node): their connections know."""
        for client in self.hub.by_user.get(user_id, ()):
            if client.user is not None:
                client.user.registered = True

    async def release_guests(self) -> list[int]:
        """Give back the names of guests unseen for the policy's days (see the store)."""
        since = datetime.now(UTC) - timedelta(days=self.policy.guest_days)
        released = await self.store.accounts.release_guests(since, self.online.is_online)
        if released:
            log.info("gave back the names of %d guests unseen since %s", len(released), since)
            self.lobby.highscores_changed()
        return released

    async def sweep(self) -> None:
        """Look for guests to release now and then (any node may: it is one statement)."""
        while True:
            try:
                await self.release_guests()
            except Exception:  # the store is away: try again next time
                log.exception("could not release guests' names")
            await asyncio.sleep(self.policy.sweep_every)

    # -- helpers -----------------------------------------------------------------------------

    def _check_tries(self, client: Client, name: str | None) -> None:
        """Password tries are limited per address and per nickname (a name's limit holds
        whatever the address, so spreading a guess over many machines does not help)."""
        by_address = self.guards.allows(self.guards.logins, client.address)
        by_name = name is None or self.guards.login_names.allow(skeleton(name))
        if not by_address or not by_name:
            raise ProtocolError(
                "rate-limited", "too many password tries: wait a few minutes, then try again"
            )

    @staticmethod
    def _new_password(password: str) -> str:
        try:
            return check_password(password)
        except ValueError as err:
            raise ProtocolError("bad-password", str(err)) from None

    def _registered(self, user_id: int) -> None:
        self.registered(user_id)
        self.bus.publish({"kind": "registered", "user": user_id})

    def _end(
        self, user_id: int, sessions: list[str], ref: P.Ref | None = None, to: Client | None = None
    ) -> None:
        if to is not None:  # the asker hears it first, with the ref of their message
            self.detach(to)
            to.push({"type": "logged-out", "ref": ref})
        self.ended(user_id, sessions)
        self.bus.publish({"kind": "logout", "user": user_id, "sessions": sessions})
