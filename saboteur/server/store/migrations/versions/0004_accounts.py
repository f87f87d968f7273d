"""Accounts: a user may hold a password (``users.password_hash``, Argon2id), and logs in once per
browser (``sessions``: a token hash each, which slides and expires). Each user's one token so
far becomes their first session.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-26
"""

import secrets

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

users = sa.table(
    "users",
    sa.column("id", sa.Integer),
    sa.column("token_hash", sa.String),
    sa.column("last_seen", sa.DateTime(timezone=True)),
)


def upgrade() -> None:
    sessions = op.create_table(
        "sessions",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_used", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_sessions_user", "sessions", ["user_id"])
    connection = op.get_bind()
    rows = connection.execute(sa.select(users.c.id, users.c.token_hash, users.c.last_seen)).all()
    if rows:
        connection.execute(
            sessions.insert(),
            [
                {
                    "user_id": row.id,
                    "token_hash": row.token_hash,
                    "created_at": row.last_seen,
                    "last_used": row.last_seen,
                }
                for row in rows
            ],
        )
    with op.batch_alter_table("users") as batch:
        batch.drop_column("token_hash")
        batch.add_column(sa.Column("password_hash", sa.String(256), nullable=True))
        batch.add_column(sa.Column("registered_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    """Back to one token per user: the latest session's (a user without one gets a token
    nobody holds); passwords are dropped."""
    with op.batch_alter_table("users") as batch:
        batch.drop_column("registered_at")
        batch.drop_column("password_hash")
        batch.add_column(sa.Column("token_hash", sa.String(64), nullable=True))
    connection = op.get_bind()
    sessions = sa.table(
        "sessions",
        sa.column("user_id", sa.Integer),
        sa.column("token_hash", sa.String),
        sa.column("last_used", sa.DateTime(timezone=True)),
    )
    latest: dict[int, str] = {}
    for row in connection.execute(
        sa.select(sessions.c.user_id, sessions.c.token_hash).order_by(sessions.c.last_used)
    ):
        latest[row.user_id] = row.token_hash
    for (user_id,) in connection.execute(sa.select(users.c.id)).all():
        digest = latest.get(user_id) or secrets.token_hex(32)
        connection.execute(users.update().where(users.c.id == user_id).values(token_hash=digest))
    with op.batch_alter_table("users") as batch:
        batch.alter_column("token_hash", existing_type=sa.String(64), nullable=False)
        batch.create_unique_constraint("uq_users_token_hash", ["token_hash"])
    op.drop_index("ix_sessions_user", "sessions")
    op.drop_table("sessions")
