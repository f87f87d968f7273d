"""Sessions and passwords in the store: who holds which token, which names are registered,
and the guests whose names are given back.

A token is shown once (to the client that logged in) and stored only as its SHA-256. A session
slides: each use moves its ``last_used``; one unused for longer than the time to live is gone.

>>> token, digest = new_token()
>>> len(token) >= 32, digest == hash_token(token), len(digest)
(True, True, 64)
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import and_, delete, func, insert, select, update
from sqlalchemy.engine import Connection

from saboteur.server.lookalike import skeleton
from saboteur.server.store.access import Database
from saboteur.server.store.schema import sessions, users

RELEASED = " (guest)"  # a released guest's name ends so: parentheses are never in a nickname


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> tuple[str, str]:
    """A fresh session token and its hash."""
    token = secrets.token_urlsafe(24)
    return token, hash_token(token)


def insert_session(conn: Connection, user_id: int, now: datetime) -> str:
    """A new session of ``user_id``: its token (inside the caller's transaction)."""
    token, digest = new_token()
    row = {"user_id": user_id, "token_hash": digest, "created_at": now, "last_used": now}
    conn.execute(insert(sessions).values(**row))
    return token


@dataclass(frozen=True)
class Login:
    """A user found by a session token."""

    user_id: int
    name: str
    registered: bool
    session: str  # the session's token hash (a logout ends it)


@dataclass(frozen=True)
class Account:
    """A user found by name, with what a login checks."""

    user_id: int
    name: str
    password_hash: str | None  # None: a guest's name (or a bot's)
    bot: bool


class Accounts:
    """Sessions and passwords (see the module's docstring)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def by_token(self, token: str, ttl: timedelta) -> Login | None:
        """The user holding ``token``, if its session was used within ``ttl``; the session
        (and the user's ``last_seen``) slide to now."""
        now = datetime.now(UTC)
        query = (
            select(sessions.c.id, sessions.c.token_hash, sessions.c.last_used)
            .add_columns(users.c.id.label("user_id"), users.c.name, users.c.password_hash)
            .join(users, users.c.id == sessions.c.user_id)
            .where(sessions.c.token_hash == hash_token(token))
        )

        def job(conn: Connection) -> Login | None:
            row = conn.execute(query).first()
            if row is None:
                return None
            if _aware(row.last_used) < now - ttl:
                conn.execute(delete(sessions).where(sessions.c.id == row.id))
                return None
            conn.execute(update(sessions).where(sessions.c.id == row.id).values(last_used=now))
            conn.execute(update(users).where(users.c.id == row.user_id).values(last_seen=now))
            registered = row.password_hash is not None
            return Login(row.user_id, row.name, registered, row.token_hash)

        return await self.db.write(job)

    async def by_name(self, name: str) -> Account | None:
        """The user called ``name`` (or a name that looks like it)."""
        query = select(users.c.id, users.c.name, users.c.password_hash, users.c.bot).where(
            users.c.name_key == skeleton(name)
        )
        row = await self.db.read(lambda conn: conn.execute(query).first())
        if row is None:
            return None
        return Account(row.id, row.name, row.password_hash, row.bot is not None)

    async def password_hash(self, user_id: int) -> str | None:
        query = select(users.c.password_hash).where(users.c.id == user_id)
        return await self.db.read(lambda conn: conn.execute(query).scalar())

    async def new_session(self, user_id: int) -> str:
        """Log ``user_id`` in once more: the new session's token."""
        now = datetime.now(UTC)

        def job(conn: Connection) -> str:
            conn.execute(update(users).where(users.c.id == user_id).values(last_seen=now))
            return insert_session(conn, user_id, now)

        return await self.db.write(job)

    async def set_password(self, user_id: int, digest: str, keep: str | None) -> list[str]:
        """Register ``user_id`` (or change their password) with the hash ``digest``; every
        session but ``keep`` (a token hash) ends. The ended sessions' token hashes."""
        now = datetime.now(UTC)
        registered = users.c.registered_at
        change = (
            update(users)
            .where(users.c.id == user_id)
            .values(password_hash=digest, registered_at=func.coalesce(registered, now))
        )

        def job(conn: Connection) -> list[str]:
            conn.execute(change)
            return _end_sessions(conn, user_id, keep)

        return await self.db.write(job)

    async def rehash(self, user_id: int, digest: str) -> None:
        """Store a password's hash made anew with today's parameters (same password)."""
        change = update(users).where(users.c.id == user_id).values(password_hash=digest)
        await self.db.write(lambda conn: conn.execute(change))

    async def end_session(self, session: str) -> None:
        ending = delete(sessions).where(sessions.c.token_hash == session)
        await self.db.write(lambda conn: conn.execute(ending))

    async def end_sessions(self, user_id: int, keep: str | None = None) -> list[str]:
        """End every session of ``user_id`` but ``keep``; their token hashes."""
        return await self.db.write(lambda conn: _end_sessions(conn, user_id, keep))

    async def release_guests(
        self, unseen_since: datetime, online: Callable[[int], bool]
    ) -> list[int]:
        """Give back the names of guests (no password, not bots, not ``online``) last seen
        before ``unseen_since``: each is renamed ``"<name> (guest)"`` under a key nobody can
        type, so the name is free again while their past games keep a name; their sessions
        end. The released users' ids."""
        gone = and_(
            users.c.password_hash.is_(None),
            users.c.bot.is_(None),
            users.c.last_seen < unseen_since,
            ~users.c.name.endswith(RELEASED),
        )

        def job(conn: Connection) -> list[int]:
            rows = conn.execute(select(users.c.id, users.c.name).where(gone)).all()
            released = [row for row in rows if not online(row.id)]
            for row in released:
                new_name = f"{row.name}{RELEASED}"
                key = f"#released#{row.id}"  # a skeleton never holds '#'
                conn.execute(
                    update(users).where(users.c.id == row.id).values(name=new_name, name_key=key)
                )
                conn.execute(delete(sessions).where(sessions.c.user_id == row.id))
            return [row.id for row in released]

        return await self.db.write(job)


def _end_sessions(conn: Connection, user_id: int, keep: str | None) -> list[str]:
    mine = sessions.c.user_id == user_id
    if keep is not None:
        mine = and_(mine, sessions.c.token_hash != keep)
    ended = [row.token_hash for row in conn.execute(select(sessions.c.token_hash).where(mine))]
    conn.execute(delete(sessions).where(mine))
    return ended


def _aware(moment: datetime) -> datetime:
    """SQLite gives back naive datetimes: they are UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
