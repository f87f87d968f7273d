"""The tables of the store (SQLAlchemy Core); Alembic migrations create them.

A game is its record: the ``games`` row (ruleset, players, options, seed) plus its
``actions`` numbered by ``seq``, unique per game, so a double append fails cleanly.
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
)

metadata = MetaData()

users = Table(
    "users",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(32), nullable=False),
    Column("name_key", String(128), nullable=False, unique=True),  # the name's skeleton
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("last_seen", DateTime(timezone=True), nullable=False),
    Column("bot", String(64), nullable=True),  # the bot spec of a bot seat's user; null for people
    Column("password_hash", String(256), nullable=True),  # Argon2id; null: a guest (or a bot)
    Column("registered_at", DateTime(timezone=True), nullable=True),
)

sessions = Table(  # a user's logins: one per browser (or client) that holds a token
    "sessions",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("user_id", Integer, ForeignKey("users.id"), nullable=False),
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("last_used", DateTime(timezone=True), nullable=False),  # it expires unused
    Index("ix_sessions_user", "user_id"),
)

games = Table(
    "games",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("ruleset", String(32), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", BigInteger, nullable=True),
    Column("status", String(16), nullable=False),
    Column("host_id", Integer, ForeignKey("users.id"), nullable=False),
    Column("clock_seconds", Integer, nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("started_at", DateTime(timezone=True), nullable=True),
    Column("finished_at", DateTime(timezone=True), nullable=True),
    Index("ix_games_status", "status"),
)

seats = Table(
    "seats",
    metadata,
    Column("game_id", Integer, ForeignKey("games.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("user_id", Integer, ForeignKey("users.id"), nullable=False),
    UniqueConstraint("game_id", "user_id", name="uq_seats_game_user"),
)

actions = Table(
    "actions",
    metadata,
    Column("game_id", Integer, ForeignKey("games.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("action", String(64), nullable=False),
    Column("actor", String(16), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

chat = Table(
    "chat",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("channel", String(16), nullable=False),
    Column("game_id", Integer, ForeignKey("games.id"), nullable=True),
    Column("sender_id", Integer, ForeignKey("users.id"), nullable=True),
    Column("recipient_id", Integer, ForeignKey("users.id"), nullable=True),
    Column("text", Text, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Index("ix_chat_channel_game", "channel", "game_id"),
)

results = Table(
    "results",
    metadata,
    Column("game_id", Integer, ForeignKey("games.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("user_id", Integer, ForeignKey("users.id"), nullable=False),
    Column("gold", Integer, nullable=False),
    Column("won", Boolean, nullable=False),
    Index("ix_results_user", "user_id"),
)

ratings = Table(  # a registered player's or a bot's skill in one ruleset (OpenSkill, Plackett-Luce)
    "ratings",
    metadata,
    Column("user_id", Integer, ForeignKey("users.id"), primary_key=True),
    Column("ruleset", String(32), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
)

rating_history = Table(  # the rating each rated player had after each game
    "rating_history",
    metadata,
    Column("game_id", Integer, ForeignKey("games.id"), primary_key=True),
    Column("user_id", Integer, ForeignKey("users.id"), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Index("ix_rating_history_user", "user_id"),
)
