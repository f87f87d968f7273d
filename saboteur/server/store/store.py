"""The server's persistence: users, games as records, chat, results and high scores.

SQLite (the default, a file) or PostgreSQL (``postgresql+asyncpg://…``), through
:mod:`saboteur.server.store.access`.  Every write is committed before the caller tells
anyone about it; writes that arrive together are committed together.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    Integer,
    Table,
    and_,
    cast,
    delete,
    exists,
    func,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError
from sqlalchemy.sql import ColumnElement

from saboteur.engine.registry import RULESETS
from saboteur.server.lookalike import skeleton
from saboteur.server.store.access import open_database
from saboteur.server.store.accounts import Accounts, insert_session
from saboteur.server.store.newrows import NewRow
from saboteur.server.store.ratings import history, rate_game, standings
from saboteur.server.store.schema import actions, chat, games, results, seats, users

OPEN, ACTIVE, FINISHED = "open", "active", "finished"


class NameTaken(Exception):
    """Another user already has that nickname."""


class SeatTaken(Exception):
    """The seat was taken meanwhile (by a player on another node)."""


class SeqConflict(Exception):
    """An action with that sequence number is already stored for the game."""


def _now() -> datetime:
    return datetime.now(UTC)


def _iso(moment: datetime | None) -> str | None:
    if moment is None:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.isoformat(timespec="seconds")


@dataclass
class User:
    id: int
    name: str
    registered: bool = False  # has a password (see ``saboteur.server.accounts``)


@dataclass
class GameRow:
    id: int
    ruleset: str
    players: int
    options: dict[str, Any]
    seed: int | None
    status: str
    host_id: int
    clock_seconds: int | None
    created_at: str | None
    started_at: str | None = None
    finished_at: str | None = None
    seats: dict[int, int] = field(default_factory=dict)  # seat -> user id
    actions: list[tuple[str, str]] = field(default_factory=list)  # (action, actor), by seq
    # user id -> (name, bot spec or None) of the seated and the host (as read with the game)
    people: dict[int, tuple[str, str | None]] = field(default_factory=dict)
    has_chat: bool = True  # False: known to have no stored chat line (so none is read)
    outcome: dict[int, tuple[int, bool]] = field(default_factory=dict)  # seat -> (gold, won)

    def seat_bots(self) -> dict[int, str]:
        """Seat -> bot spec of the seats bots hold."""
        bots = {u: bot for u, (_, bot) in self.people.items() if bot is not None}
        return {seat: bots[u] for seat, u in self.seats.items() if u in bots}


@dataclass
class ChatLine:
    id: int
    channel: str
    text: str
    at: str | None
    sender: str | None = None
    recipient: str | None = None
    game_id: int | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "type": "chat",
            "channel": self.channel,
            "from": self.sender,
            "text": self.text,
            "at": self.at,
        }
        if self.game_id is not None:
            out["game"] = self.game_id
        if self.recipient is not None:
            out["to"] = self.recipient
        return out


class Store:
    """Async access to the database at ``url`` (migrations are applied separately)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.db = open_database(url)
        self.accounts = Accounts(self.db)

    async def close(self) -> None:
        await self.db.close()

    # -- users -------------------------------------------------------------------------------

    async def create_user(self, name: str, bot: str | None = None) -> tuple[User, str]:
        """A new user with ``name``, logged in: returns it and its session token (shown once).

        ``bot`` is the bot spec of a user made for a bot seat (it never logs in: no token).
        """
        now = _now()
        row = {
            "name": name,
            "name_key": skeleton(name),  # one user per look of a name
            "created_at": now,
            "last_seen": now,
            "bot": bot,
        }

        def job(conn: Connection) -> tuple[int, str]:
            user_id = _insert_one(conn, users, row)
            return user_id, "" if bot else insert_session(conn, user_id, now)

        try:
            user_id, token = await self.db.write(job)
        except IntegrityError:
            raise NameTaken(name) from None
        return User(user_id, name), token

    async def bot_user(self, name: str) -> tuple[User, str | None] | None:
        """The user called ``name`` (or a look-alike) and their bot spec (None: a person)."""
        query = select(users.c.id, users.c.name, users.c.bot).where(
            users.c.name_key == skeleton(name)
        )
        row = await self.db.read(lambda conn: conn.execute(query).first())
        return (User(row.id, row.name), row.bot) if row else None

    async def name_exists(self, name: str) -> bool:
        query = select(users.c.id).where(users.c.name_key == skeleton(name))
        return await self.db.read(lambda conn: conn.execute(query).first()) is not None

    async def user_names(self, ids: list[int]) -> dict[int, str]:
        if not ids:
            return {}
        query = select(users.c.id, users.c.name).where(users.c.id.in_(ids))
        return await self.db.read(lambda conn: {r.id: r.name for r in conn.execute(query)})

    async def rename(self, user_id: int, name: str) -> None:
        change = (
            update(users).where(users.c.id == user_id).values(name=name, name_key=skeleton(name))
        )
        try:
            await self.db.write(lambda conn: conn.execute(change))
        except IntegrityError:
            raise NameTaken(name) from None

    # -- games -------------------------------------------------------------------------------

    async def create_game(
        self,
        ruleset: str,
        players: int,
        options: dict[str, Any],
        host_id: int,
        clock_seconds: int | None,
    ) -> GameRow:
        now = _now()
        row = {
            "ruleset": ruleset,
            "players": players,
            "options": options,
            "status": OPEN,
            "host_id": host_id,
            "clock_seconds": clock_seconds,
            "created_at": now,
        }

        def job(conn: Connection) -> int:
            game_id = _insert_one(conn, games, row)
            conn.execute(insert(seats).values(game_id=game_id, seat=0, user_id=host_id))
            return game_id

        game_id = await self.db.write(job)
        return GameRow(
            game_id,
            ruleset,
            players,
            options,
            None,
            OPEN,
            host_id,
            clock_seconds,
            _iso(now),
            seats={0: host_id},
            has_chat=False,
        )

    async def take_seat(self, game_id: int, seat: int, user_id: int) -> None:
        """Seat a user; SeatTaken if the seat (or a seat of this user) is taken meanwhile."""
        row = {"game_id": game_id, "seat": seat, "user_id": user_id}
        try:
            taken = await self.db.write(NewRow(seats, row), ("seats", game_id, seat))
        except IntegrityError:  # the game is gone
            taken = False
        if not taken:
            raise SeatTaken(f"seat {seat} of game {game_id} is taken")

    async def leave_seat(self, game_id: int, user_id: int, new_host: int | None) -> None:
        """Free the user's seat in an open game; hand the host role on, or drop an empty game."""

        def job(conn: Connection) -> None:
            conn.execute(
                delete(seats).where(and_(seats.c.game_id == game_id, seats.c.user_id == user_id))
            )
            if new_host is None:  # nobody but bots (if any) is left
                conn.execute(delete(seats).where(seats.c.game_id == game_id))
                conn.execute(delete(chat).where(chat.c.game_id == game_id))
                conn.execute(delete(games).where(games.c.id == game_id))
            else:
                conn.execute(update(games).where(games.c.id == game_id).values(host_id=new_host))

        await self.db.write(job, ("games", game_id, 0))

    async def start_game(self, game_id: int, seed: int, seating: dict[int, int]) -> str | None:
        """Mark an open game active with its seed and final seating (seat -> user); when it
        started, or None if the game is not open any more (another node started it)."""
        now = _now()

        def job(conn: Connection) -> bool:
            started = conn.execute(
                update(games)
                .where(and_(games.c.id == game_id, games.c.status == OPEN))
                .values(status=ACTIVE, seed=seed, started_at=now)
            )
            if started.rowcount != 1:
                return False
            conn.execute(delete(seats).where(seats.c.game_id == game_id))
            conn.execute(
                insert(seats),
                [{"game_id": game_id, "seat": s, "user_id": u} for s, u in seating.items()],
            )
            return True

        return f"{_iso(now)}" if await self.db.write(job, ("games", game_id, 0)) else None

    async def append_action(self, game_id: int, seq: int, action: str, actor: str) -> None:
        """Store action number ``seq`` (0-based) of a game; SeqConflict if it exists.

        Appends from many games at once are committed together (a group commit, see
        :mod:`saboteur.server.store.access`)."""
        row = {"game_id": game_id, "seq": seq, "action": action, "actor": actor} | _stamped()
        order = ("actions", game_id, seq)
        if not await self.db.write(NewRow(actions, row), order):
            raise SeqConflict(f"game {game_id} already has action {seq}")

    async def finish_game(self, game_id: int, rows: list[tuple[int, int, int, bool]]) -> bool:
        """Mark an active game finished with its results: (seat, user id, gold, won) per seat.
        False if it was finished already (by another node): results are written once."""

        def job(conn: Connection) -> bool:
            finished = conn.execute(
                update(games)
                .where(and_(games.c.id == game_id, games.c.status == ACTIVE))
                .values(status=FINISHED, finished_at=_now())
            )
            if finished.rowcount != 1:
                return False
            conn.execute(
                insert(results),
                [
                    {"game_id": game_id, "seat": s, "user_id": u, "gold": g, "won": w}
                    for s, u, g, w in rows
                ],
            )
            ruleset = conn.execute(select(games.c.ruleset).where(games.c.id == game_id)).scalar()
            rate_game(conn, game_id, str(ruleset), [(u, g) for _s, u, g, _w in rows])
            return True

        return await self.db.write(job, ("games", game_id, 0))

    async def load_games(self, statuses: tuple[str, ...]) -> list[GameRow]:
        """Games in these states with their seats and actions (for a restart)."""

        def job(conn: Connection) -> list[GameRow]:
            rows = conn.execute(
                select(games).where(games.c.status.in_(statuses)).order_by(games.c.id)
            ).all()
            loaded = {row.id: self._game_row(row) for row in rows}
            if not loaded:
                return []
            for row in conn.execute(select(seats).where(seats.c.game_id.in_(list(loaded)))):
                loaded[row.game_id].seats[row.seat] = row.user_id
            for row in conn.execute(
                select(actions)
                .where(actions.c.game_id.in_(list(loaded)))
                .order_by(actions.c.game_id, actions.c.seq)
            ):
                game = loaded[row.game_id]
                if row.seq != len(game.actions):
                    raise RuntimeError(f"game {row.game_id} misses action {len(game.actions)}")
                game.actions.append((row.action, row.actor))
            _read_people(conn, list(loaded.values()))
            return list(loaded.values())

        return await self.db.read(job)

    async def finished_games(
        self, limit: int = 50, offset: int = 0, player: str = ""
    ) -> list[GameRow]:
        """Finished games, the newest first, from the ``offset``-th on; with ``player``, only
        those where someone whose name holds it (regardless of case) sat. Each row's ``seats``
        and ``outcome`` come from its results."""

        def job(conn: Connection) -> list[GameRow]:
            rows = conn.execute(
                select(games)
                .where(_finished_with(player))
                .order_by(games.c.finished_at.desc(), games.c.id.desc())
                .offset(offset)
                .limit(limit)
            ).all()
            found = {row.id: self._game_row(row) for row in rows}
            if found:
                for row in conn.execute(select(results).where(results.c.game_id.in_(list(found)))):
                    found[row.game_id].seats[row.seat] = row.user_id
                    found[row.game_id].outcome[row.seat] = (row.gold, bool(row.won))
            return list(found.values())

        return await self.db.read(job)

    async def count_finished(self, player: str = "") -> int:
        """How many finished games :meth:`finished_games` finds for ``player``."""
        query = select(func.count()).select_from(games).where(_finished_with(player))

        def job(conn: Connection) -> int:
            return int(conn.execute(query).scalar() or 0)

        return await self.db.read(job)

    async def game(self, game_id: int) -> GameRow | None:
        def job(conn: Connection) -> GameRow | None:
            said = exists().where(chat.c.game_id == games.c.id).label("has_chat")
            row = conn.execute(select(games, said).where(games.c.id == game_id)).first()
            if row is None:
                return None
            game = self._game_row(row)
            game.has_chat = row.has_chat
            for seat_row in conn.execute(select(seats).where(seats.c.game_id == game_id)):
                game.seats[seat_row.seat] = seat_row.user_id
            _read_people(conn, [game])
            for action_row in conn.execute(
                select(actions).where(actions.c.game_id == game_id).order_by(actions.c.seq)
            ):
                game.actions.append((action_row.action, action_row.actor))
            return game

        return await self.db.read(job)

    async def game_results(self, game_id: int) -> list[dict[str, Any]]:
        query = (
            select(results.c.seat, users.c.name, results.c.gold, results.c.won)
            .join(users, users.c.id == results.c.user_id)
            .where(results.c.game_id == game_id)
            .order_by(results.c.seat)
        )
        rows = await self.db.read(lambda conn: conn.execute(query).all())
        return [{"seat": r.seat, "name": r.name, "gold": r.gold, "won": bool(r.won)} for r in rows]

    @staticmethod
    def _game_row(row: Any) -> GameRow:
        return GameRow(
            id=row.id,
            ruleset=row.ruleset,
            players=row.players,
            options=dict(row.options or {}),
            seed=row.seed,
            status=row.status,
            host_id=row.host_id,
            clock_seconds=row.clock_seconds,
            created_at=_iso(row.created_at),
            started_at=_iso(row.started_at),
            finished_at=_iso(row.finished_at),
        )

    # -- chat --------------------------------------------------------------------------------

    async def add_chat(
        self,
        channel: str,
        text: str,
        sender_id: int | None = None,
        game_id: int | None = None,
        recipient_id: int | None = None,
    ) -> int:
        row = {
            "channel": channel,
            "text": text,
            "sender_id": sender_id,
            "game_id": game_id,
            "recipient_id": recipient_id,
        }
        return await self.db.write(lambda conn: _insert_one(conn, chat, row | _stamped()))

    async def chat_lines(self, where: ColumnElement[bool], limit: int) -> list[ChatLine]:
        sender = users.alias("sender")
        recipient = users.alias("recipient")
        query = (
            select(
                chat.c.id,
                chat.c.channel,
                chat.c.text,
                chat.c.created_at,
                chat.c.game_id,
                sender.c.name.label("sender"),
                recipient.c.name.label("recipient"),
            )
            .select_from(
                chat.outerjoin(sender, sender.c.id == chat.c.sender_id).outerjoin(
                    recipient, recipient.c.id == chat.c.recipient_id
                )
            )
            .where(where)
            .order_by(chat.c.id.desc())
            .limit(limit)
        )
        rows = await self.db.read(lambda conn: conn.execute(query).all())
        return [
            ChatLine(r.id, r.channel, r.text, _iso(r.created_at), r.sender, r.recipient, r.game_id)
            for r in reversed(rows)
        ]

    async def chat_after(self, after_id: int, limit: int = 1000) -> list[ChatLine]:
        """Every channel's lines stored after line ``after_id`` (the newest ``limit``)."""
        return await self.chat_lines(chat.c.id > after_id, limit)

    async def last_chat_id(self) -> int:
        query = select(func.max(chat.c.id))
        return int(await self.db.read(lambda conn: conn.execute(query).scalar()) or 0)

    async def global_chat(self, limit: int = 50) -> list[ChatLine]:
        return await self.chat_lines(chat.c.channel == "global", limit)

    async def game_chat(self, game_id: int, limit: int = 50) -> list[ChatLine]:
        return await self.chat_lines(
            and_(chat.c.channel == "game", chat.c.game_id == game_id), limit
        )

    async def whispers(self, user_id: int, limit: int = 50) -> list[ChatLine]:
        mine = or_(chat.c.sender_id == user_id, chat.c.recipient_id == user_id)
        return await self.chat_lines(and_(chat.c.channel == "whisper", mine), limit)

    # -- high scores -------------------------------------------------------------------------

    async def highscores(self, limit: int = 100) -> list[dict[str, Any]]:
        """Per player over finished games against others: total gold, games played, games won
        (only rulesets whose descriptor says their results count: a solo game's points are a
        rating of one's own play, not gold won, so solo is left out)."""
        scored = [name for name in RULESETS if RULESETS[name].high_scores]
        gold = func.sum(results.c.gold).label("gold")
        played = func.count(results.c.game_id).label("games")
        won = func.sum(cast(results.c.won, Integer)).label("won")
        query = (
            select(users.c.name, users.c.password_hash.is_not(None).label("registered"))
            .add_columns(gold, played, won)
            .join(users, users.c.id == results.c.user_id)
            .join(games, games.c.id == results.c.game_id)
            .where(users.c.bot.is_(None))  # bots are left out of the high scores
            .where(games.c.ruleset.in_(scored))
            .group_by(users.c.id, users.c.name, users.c.password_hash)
            .order_by(gold.desc(), won.desc(), users.c.name)
            .limit(limit)
        )
        rows = await self.db.read(lambda conn: conn.execute(query).all())
        return [
            {
                "name": r.name,
                "gold": int(r.gold or 0),
                "games": int(r.games),
                "won": int(r.won or 0),
                "registered": bool(r.registered),
            }
            for r in rows
        ]

    # -- ratings ----------------------------------------------------------------------------

    async def rating_standings(self, ruleset: str, limit: int = 100) -> list[dict[str, Any]]:
        """The rated players and bots of ``ruleset``, best first (see ``store.ratings``)."""
        rows = await self.db.read(lambda conn: standings(conn, ruleset, limit))
        return [row.to_json() for row in rows]

    async def rating_history(
        self, name: str, ruleset: str, limit: int = 200
    ) -> dict[str, Any] | None:
        """The user called ``name`` (or a look-alike) and their rating after each of their
        latest rated games of ``ruleset``; None if there is no such user."""
        query = select(users.c.id, users.c.name, users.c.bot).where(
            users.c.name_key == skeleton(name)
        )

        def job(conn: Connection) -> dict[str, Any] | None:
            user = conn.execute(query).first()
            if user is None:
                return None
            rows = history(conn, user.id, ruleset, limit)
            return {
                "name": user.name,
                "bot": user.bot,
                "ruleset": ruleset,
                "history": [{"game": g, "at": _iso(at), "rating": r} for g, at, r in rows],
            }

        return await self.db.read(job)


def _stamped() -> dict[str, datetime]:
    return {"created_at": _now()}


def _insert_one(conn: Connection, table: Table, row: dict[str, Any]) -> int:
    """Insert ``row``; its new id."""
    key = conn.execute(insert(table).values(**row)).inserted_primary_key
    assert key is not None
    return int(key[0])


def _finished_with(player: str) -> ColumnElement[bool]:
    """Finished games; with ``player``, those where a user whose name holds it sat."""
    finished = games.c.status == FINISHED
    if not player:
        return finished
    named = func.lower(users.c.name).contains(player.lower(), autoescape=True)
    sat = select(results.c.game_id).join(users, users.c.id == results.c.user_id).where(named)
    return and_(finished, games.c.id.in_(sat))


def _read_people(conn: Connection, rows: list[GameRow]) -> None:
    """Fill in ``people`` of these games: their seated users' and hosts' names and bot specs."""
    ids = {u for row in rows for u in [*row.seats.values(), row.host_id]}
    who = select(users.c.id, users.c.name, users.c.bot).where(users.c.id.in_(ids))
    found = {r.id: (r.name, r.bot) for r in conn.execute(who)}
    for row in rows:
        row.people = {u: found[u] for u in [*row.seats.values(), row.host_id] if u in found}
